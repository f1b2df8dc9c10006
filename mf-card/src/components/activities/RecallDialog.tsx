import { Suspense, useEffect, useState } from 'react';
import { RECALL_PLAN_DAYS, type RecallItem } from 'shared-contracts';
import { ButtonAnchor, Muted } from 'shared-contracts/ui';
import styled from 'styled-components';
import { activityLinkData } from './api';
import { safeLink } from './links';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useHomeText } from './text';

const Offer = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  img {
    display: block;
    inline-size: 100%;
    block-size: auto;
    border-radius: ${({ theme }) => theme.radius.md};
  }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.md};
  }
`;
const Later = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

/** The shop link of one offer: resolved with the card (linkData adds the ICCID) when a card is known. */
function useOfferLink(item: RecallItem, iccid: string | undefined): string {
  const [link, setLink] = useState(() => safeLink(item.link));
  useEffect(() => {
    if (!iccid) return;
    let live = true;
    void activityLinkData({ id: item.id, iccid }).then((result) => {
      if (live && result.ok && safeLink(result.data.link)) setLink(safeLink(result.data.link));
    });
    return () => {
      live = false;
    };
  }, [item.id, iccid]);
  return link;
}

function OfferItem({ item, iccid }: { item: RecallItem; iccid?: string }) {
  const { t } = useHomeText();
  const link = useOfferLink(item, iccid);
  return (
    <Offer data-testid="recall-offer">
      {item.image ? <img src={item.image} alt="" /> : null}
      {item.title ? <h3>{item.title}</h3> : null}
      {link ? (
        <ButtonAnchor href={link} target="_blank" rel="noopener noreferrer">
          {t('recall.cta', { days: RECALL_PLAN_DAYS })}
          <span aria-hidden="true">↗</span>
        </ButtonAnchor>
      ) : null}
    </Offer>
  );
}

function Recall({ items, iccid, onClose }: RecallDialogProps) {
  const { t } = useHomeText();
  return (
    <Dialog
      title={t('recall.title', { days: RECALL_PLAN_DAYS })}
      closeLabel={t('close')}
      onClose={onClose}
      testId="recall-dialog"
    >
      <Muted>{t('recall.line', { days: RECALL_PLAN_DAYS })}</Muted>
      {items.map((item) => (
        <OfferItem key={item.id} item={item} iccid={iccid} />
      ))}
      <Later type="button" onClick={onClose}>
        {t('recall.later')}
      </Later>
    </Dialog>
  );
}

export interface RecallDialogProps {
  /** The recall list of the activity answer (useActivities().recalls). */
  items: ReadonlyArray<RecallItem>;
  /** The card on screen: its shop links are resolved with it. */
  iccid?: string;
  onClose: () => void;
}

/**
 * Recall offer: affected SIM holders get a free 30-day data plan through an external shop link (a new tab).
 * Renders nothing for an empty list. Loads its strings (cardMore) itself, so it never suspends the page around it.
 */
export function RecallDialog(props: RecallDialogProps) {
  if (!props.items.length) return null;
  return (
    <Suspense fallback={null}>
      <Recall {...props} />
    </Suspense>
  );
}
