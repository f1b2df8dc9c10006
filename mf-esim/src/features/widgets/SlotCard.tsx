import { useNavigate } from 'react-router-dom';
import {
  freeSlots,
  getStorage,
  isUserGivenName,
  slotDisplayName,
  statusLabelKey,
  STORAGE_KEYS,
  type EidItem,
} from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import { remote, useRemoteTranslation } from '../../lib/remote';
import { Actions, Badge, Body, Head, Icons, NameButton } from './styles';

export interface SlotCardProps {
  slot: EidItem;
  /** 1-based position in the list (default name 'eSim Slot {index}', in the page's language). */
  index: number;
}

/** An eSIM slot (EID) in the card list (spec section 2): name, status, used and free slot icons, Remote button. */
export function SlotCard({ slot, index }: SlotCardProps) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const name = slotDisplayName(slot.name, index, t);
  const free = freeSlots(slot);
  const used = Math.max(0, slot.usage_slot);
  return (
    <Body data-testid="slot-card" aria-label={name}>
      <Head>
        <NameButton
          type="button"
          aria-label={t('slotCard.settings', { name })}
          onClick={() => {
            getStorage().setJSON(STORAGE_KEYS.SET_SLOT_ITEM, { ...slot, index });
            navigate('/esim/slot/set');
          }}
        >
          {/* The user's own name is not to be translated; the default one already is. */}
          <span data-testid="slot-name" translate={isUserGivenName(slot.name) ? 'no' : undefined}>
            {name}
          </span>
          <span className="arrow" aria-hidden="true">
            ›
          </span>
        </NameButton>
        <Badge data-testid="slot-status">{t(`common:${statusLabelKey(slot.status)}`)}</Badge>
      </Head>
      <Icons role="img" aria-label={t('slotCard.slots', { used, free })} data-testid="slot-icons">
        {Array.from({ length: used }, (_, i) => (
          <i key={`u${i}`} data-used="true" />
        ))}
        {Array.from({ length: free }, (_, i) => (
          <i key={`f${i}`} data-used="false" />
        ))}
      </Icons>
      <Actions>
        <Button type="button" onClick={() => navigate(`/esim/${encodeURIComponent(slot.eid)}?mode=search`)}>
          {t('slotCard.remote')}
        </Button>
      </Actions>
    </Body>
  );
}

/** What the widget's first render needs besides its code (shared-contracts loadWidget): its strings in `lang`. */
export const prepare = (lang: string): Promise<void> => remote.loadNamespace(lang);

export default SlotCard;
