import { useNavigate } from 'react-router-dom';
import {
  getStorage,
  isUserGivenName,
  slotDisplayName,
  STORAGE_KEYS,
  type EidInfo,
  type EidItem,
} from 'shared-contracts';
import { ButtonLink, Card, MessageCard, Muted } from 'shared-contracts/ui';
import { EmailPanel, RemovePanel, RenamePanel, SettingsStack } from '../../../components/settings/SettingsPanels';
import { LoadProblem } from '../../../components/slot/LoadProblem';
import { useEidInfo } from '../../../components/slot/use-eid-info';
import { getApiClient } from '../../../lib/api-client';
import { hasLogin, loginPath } from '../../../lib/login';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

const HERE = '/esim/slot/set';
const CARD_LIST = '/eshop/card/list';

/** The slot the card list handed over (SET_SLOT_ITEM), with its place in the list (the default name's number). */
type SlotHandOver = EidItem & { index?: number };

/**
 * /esim/slot/set: the slot the card list handed over (SET_SLOT_ITEM): rename it (/v1/esim/slot/set; empty for the
 * default 'eSim Slot N'), the e-mail its mails go to (/eid/setEmail), and remove it from the account after a
 * confirmation (/v1/esim/slot/del). The owner's login is needed; the api checks the slot is theirs.
 */
export function SlotSettingsPage() {
  const { t } = useRemoteTranslation();
  const stored = getStorage().getJSON<SlotHandOver>(STORAGE_KEYS.SET_SLOT_ITEM);
  return (
    <PageFrame page="slotSettings" title={t('pages.slotSettings.title')} nav="back">
      <SettingsStack>
        {!stored?.eid ? (
          <MessageCard data-testid="settings-none">
            <Muted>{t('slotSettings.none')}</Muted>
            <ButtonLink to={CARD_LIST}>{t('problem.back')}</ButtonLink>
          </MessageCard>
        ) : !hasLogin() ? (
          <MessageCard data-testid="settings-login">
            <Muted>{t('slotSettings.loginFirst')}</Muted>
            <ButtonLink to={loginPath(HERE)}>{t('problem.logIn')}</ButtonLink>
          </MessageCard>
        ) : (
          <Loaded stored={stored} />
        )}
      </SettingsStack>
    </PageFrame>
  );
}

function Loaded({ stored }: { stored: SlotHandOver }) {
  const { t } = useRemoteTranslation();
  const { state, reload } = useEidInfo(stored.eid);
  if (state.status === 'loading') return <Card aria-busy="true" aria-label={t('slot.loading')} />;
  if (state.status === 'failed') {
    return <LoadProblem {...state} here={HERE} onRetry={reload} testId="settings-problem" />;
  }
  return <Settings info={state.info} index={stored.index ?? 1} />;
}

function Settings({ info, index }: { info: EidInfo; index: number }) {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const { eid } = info;
  const defaultName = slotDisplayName('', index, t);
  const handOver = (changes: Partial<EidItem>) => {
    const { email: _email, ...item } = info;
    const current = getStorage().getJSON<SlotHandOver>(STORAGE_KEYS.SET_SLOT_ITEM) ?? item;
    getStorage().setJSON(STORAGE_KEYS.SET_SLOT_ITEM, { ...current, ...changes, index });
  };
  return (
    <>
      <RenamePanel
        words="slotSettings"
        name={info.name}
        defaultName={defaultName}
        translatedDefault
        label="EID"
        number={eid}
        onSave={async (name) => {
          const saved = await getApiClient().call('esimSlotSet', { eid, name });
          if (saved.ok) handOver({ name });
          return saved.ok;
        }}
      />
      <EmailPanel
        words="slotSettings"
        email={info.email}
        onSave={async (email) => (await getApiClient().call('eidSetEmail', { eid, email })).ok}
      />
      <RemovePanel
        words="slotSettings"
        name={slotDisplayName(info.name, index, t)}
        keepName={isUserGivenName(info.name)}
        onRemove={async () => {
          const removed = await getApiClient().call('esimSlotDel', { eid });
          if (!removed.ok) return false;
          getStorage().remove(STORAGE_KEYS.SET_SLOT_ITEM);
          navigate(CARD_LIST, { replace: true });
          return true;
        }}
      />
    </>
  );
}
