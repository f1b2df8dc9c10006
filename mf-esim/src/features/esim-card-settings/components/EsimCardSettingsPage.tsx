import { useNavigate } from 'react-router-dom';
import { cardDisplayName, getStorage, STORAGE_KEYS, type EsimCardInfo } from 'shared-contracts';
import { ButtonLink, MessageCard, Muted } from 'shared-contracts/ui';
import { EmailPanel, RemovePanel, RenamePanel, SettingsStack } from '../../../components/settings/SettingsPanels';
import { getApiClient } from '../../../lib/api-client';
import { hasLogin, loginPath } from '../../../lib/login';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';

const HERE = '/esim/card/set/0';
const CARD_LIST = '/eshop/card/list';

/**
 * /esim/card/set/0: the eSIM the card list handed over (ESIM_CARD_INFO): rename it (setCard; empty for the default
 * 'eSIM' + last 4 digits), the e-mail its mails go to (setEmail), and remove it from the account after a
 * confirmation (unbindCard: the profile stays on the device and keeps working). The owner's login is needed; the api
 * checks the card is theirs.
 */
export function EsimCardSettingsPage() {
  const { t } = useRemoteTranslation();
  const card = getStorage().getJSON<EsimCardInfo>(STORAGE_KEYS.ESIM_CARD_INFO);
  return (
    <PageFrame page="esimCardSettings" title={t('pages.esimCardSettings.title')} nav="back">
      <SettingsStack>
        {!card?.iccid ? (
          <MessageCard data-testid="settings-none">
            <Muted>{t('cardSettings.none')}</Muted>
            <ButtonLink to={CARD_LIST}>{t('problem.back')}</ButtonLink>
          </MessageCard>
        ) : !hasLogin() ? (
          <MessageCard data-testid="settings-login">
            <Muted>{t('cardSettings.loginFirst')}</Muted>
            <ButtonLink to={loginPath(HERE)}>{t('problem.logIn')}</ButtonLink>
          </MessageCard>
        ) : (
          <Settings card={card} />
        )}
      </SettingsStack>
    </PageFrame>
  );
}

function Settings({ card }: { card: EsimCardInfo }) {
  const navigate = useNavigate();
  const { iccid } = card;
  return (
    <>
      <RenamePanel
        words="cardSettings"
        name={card.name}
        defaultName={cardDisplayName('', iccid, 'esim')}
        translatedDefault={false}
        label="ICCID"
        number={iccid}
        onSave={async (name) => {
          const saved = await getApiClient().call('setCard', { iccid, name });
          if (saved.ok) getStorage().setJSON(STORAGE_KEYS.ESIM_CARD_INFO, { ...card, name });
          return saved.ok;
        }}
      />
      <EmailPanel
        words="cardSettings"
        email={null}
        onSave={async (email) => (await getApiClient().call('setEmail', { iccid, email })).ok}
      />
      <RemovePanel
        words="cardSettings"
        name={cardDisplayName(card.name, iccid, 'esim')}
        keepName
        onRemove={async () => {
          const removed = await getApiClient().call('unbindCard', { iccid });
          if (!removed.ok) return false;
          getStorage().remove(STORAGE_KEYS.ESIM_CARD_INFO);
          navigate(CARD_LIST, { replace: true });
          return true;
        }}
      />
    </>
  );
}
