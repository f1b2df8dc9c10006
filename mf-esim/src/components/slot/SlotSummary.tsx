import { type ReactNode } from 'react';
import styled from 'styled-components';
import {
  freeSlots,
  isSuspended,
  isUserGivenName,
  slotDisplayName,
  statusLabelKey,
  type EidItem,
  type Translate,
} from 'shared-contracts';
import { StatusBadge, UsageIcons, WidgetBody, CardHead } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../lib/remote';

const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.lg};
  overflow-wrap: anywhere;
`;

const Eid = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  font-family: ui-monospace, monospace;
  direction: ltr;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
`;

const Free = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sm};
  color: ${({ theme }) => theme.color.text};
`;

/**
 * The slot's name; without one, 'eSim Slot' in the page's language (spec section 7: /eid/info's default name; the
 * list's index is not known here).
 */
export function slotName(slot: Pick<EidItem, 'name'>, t: Translate): string {
  return slotDisplayName(slot.name, null, t);
}

/** The slot a page is about: name, status, EID, one icon per used and free slot, and how many are free. */
export function SlotSummary({ slot, children }: { slot: EidItem; children?: ReactNode }) {
  const { t } = useRemoteTranslation();
  const free = freeSlots(slot);
  const used = Math.max(0, slot.usage_slot);
  return (
    <WidgetBody as="section" aria-labelledby="slot-name" data-testid="slot-summary">
      <CardHead>
        {/* The user's own name is not to be translated; the default one already is. */}
        <Name id="slot-name" data-testid="slot-name" translate={isUserGivenName(slot.name) ? 'no' : undefined}>
          {slotName(slot, t)}
        </Name>
        <StatusBadge $warn={isSuspended(slot.status)} data-testid="slot-status">
          {t(`common:${statusLabelKey(slot.status)}`)}
        </StatusBadge>
      </CardHead>
      <Eid>EID {slot.eid}</Eid>
      <UsageIcons role="img" aria-label={t('slotCard.slots', { used, free })} data-testid="slot-icons">
        {Array.from({ length: used }, (_, i) => (
          <i key={`u${i}`} data-used="true" />
        ))}
        {Array.from({ length: free }, (_, i) => (
          <i key={`f${i}`} data-used="false" />
        ))}
      </UsageIcons>
      <Free data-testid="slot-free">{t('slot.free', { free, total: slot.total_slot })}</Free>
      {children}
    </WidgetBody>
  );
}
