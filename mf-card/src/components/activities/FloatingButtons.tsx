import { Suspense, useState, type ReactNode } from 'react';
import { publish } from 'shared-contracts';
import styled from 'styled-components';
import { activityLinkData } from './api';
import { isSitePath, safeLink } from './links';
import { useOpenLink } from './open-link';
import { useHomeText } from './text';
import { type GiftItem } from './use-activities';

/** Bottom-right stack of the floating buttons (gift above support), clear of the phone's home indicator. */
// Its sizes are the theme's (layout.float*): PageFrame leaves room for them at the bottom of every page.
export const FloatingStack = styled.div`
  position: fixed;
  inset-inline-end: ${({ theme }) => theme.layout.floatInset};
  inset-block-end: calc(${({ theme }) => theme.layout.floatInset} + env(safe-area-inset-bottom, 0px));
  z-index: 30;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.layout.floatGap};
`;
const Round = styled.button`
  inline-size: ${({ theme }) => theme.layout.floatButton};
  block-size: ${({ theme }) => theme.layout.floatButton};
  display: grid;
  place-items: center;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  box-shadow: 0 6px 18px rgba(15, 20, 25, 0.22);
  cursor: pointer;
  overflow: hidden;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
  &:disabled {
    cursor: progress;
  }
  img {
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  svg {
    inline-size: 26px;
    block-size: 26px;
  }
`;
const Gift = styled(Round)`
  background: ${({ theme }) => theme.color.surface};
`;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function SupportFab({ email, iccid }: SupportButtonProps) {
  const { t } = useHomeText();
  return (
    <Round
      type="button"
      aria-label={t('support.open')}
      data-testid="floating-support"
      onClick={() => publish('support:open', email ? { email } : iccid ? { iccid } : {})}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 12a8 8 0 0 1 16 0v4a2 2 0 0 1-2 2h-1v-6h3M4 12v4a2 2 0 0 0 2 2h1v-6H4" />
        <path d="M18 18a4 4 0 0 1-4 3h-2" />
      </svg>
    </Round>
  );
}

export interface SupportButtonProps {
  /** The user's e-mail (logged in); otherwise the ICCID of the card on screen is passed along. */
  email?: string | null;
  iccid?: string;
}

/** Floating support button: asks the shell for the support chat ('support:open') with the e-mail or the ICCID. */
export function SupportButton(props: SupportButtonProps) {
  return (
    <Lazy>
      <SupportFab {...props} />
    </Lazy>
  );
}

function GiftFab({ item, iccid }: { item: GiftItem; iccid?: string }) {
  const { t } = useHomeText();
  const openLink = useOpenLink();
  const [busy, setBusy] = useState(false);
  const needsCard = Boolean(iccid && item.id);
  const open = async () => {
    if (!needsCard || !item.id) {
      openLink(item.link);
      return;
    }
    // The gift link carries the card: the server resolves it (linkData). A new tab would be blocked after the
    // wait, so an external link opens in this tab.
    setBusy(true);
    const result = await activityLinkData({ id: item.id, ...(iccid ? { iccid } : {}) });
    setBusy(false);
    const link = safeLink(result.ok ? result.data.link : item.link);
    if (!link) return;
    if (isSitePath(link)) openLink(link);
    else window.location.assign(link);
  };
  return (
    <Gift
      type="button"
      aria-label={t('gift.open')}
      data-testid="floating-gift"
      disabled={busy}
      onClick={() => void open()}
    >
      <img src={item.image} alt="" />
    </Gift>
  );
}

/** The floating gift (first float item with a safe link); nothing when there is none. */
export function FloatGift({ items, iccid }: { items: ReadonlyArray<GiftItem>; iccid?: string }) {
  const item = items.find((entry) => safeLink(entry.link));
  if (!item) return null;
  return (
    <Lazy>
      <GiftFab item={item} iccid={iccid} />
    </Lazy>
  );
}
