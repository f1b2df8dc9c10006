import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { normalizeLanguage } from 'shared-contracts';
import { ButtonLink, Card, MessageCard, Muted } from 'shared-contracts/ui';
import { LoadProblem } from '../../../components/slot/LoadProblem';
import { SlotSummary } from '../../../components/slot/SlotSummary';
import { useEidInfo } from '../../../components/slot/use-eid-info';
import { hasLogin, loginPath, slotPaths } from '../../../lib/login';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { useNewProfile } from '../hooks/use-new-profile';
import { usePayReturn } from '../hooks/use-pay-return';
import { useProfiles } from '../hooks/use-profiles';
import { OnlineState } from './OnlineState';
import { ProfileItem } from './ProfileItem';
import { Heading, ProfileList, Stack } from './styles';

// The pay return dialog loads only when the provider sent the browser back here.
const PaidDialog = lazy(() => import(/* webpackChunkName: "esim-paid" */ './PaidDialog'));

/** /esim/:eid?mode=search: the slot, its profiles (and how to install a new one), buying a plan, the pay return. */
export function SlotRemotePage() {
  const { eid = '' } = useParams();
  const { t, i18n } = useRemoteTranslation();
  const lang = normalizeLanguage(i18n.language);
  const here = slotPaths.remote(eid);
  const loggedIn = hasLogin();
  const { state: slot, reload: reloadSlot } = useEidInfo(eid);
  const { state: profiles, reload: reloadProfiles } = useProfiles(eid, loggedIn);
  const { paid, closePaid } = usePayReturn();
  const newProfile = useNewProfile(profiles, reloadProfiles);

  return (
    <PageFrame page="slotRemote" title={t('pages.slotRemote.title')}>
      <Stack>
        {slot.status === 'loading' && <Card aria-busy="true" aria-label={t('slot.loading')} />}
        {slot.status === 'failed' && <LoadProblem {...slot} here={here} onRetry={reloadSlot} testId="slot-problem" />}
        {slot.status === 'ready' && (
          <SlotSummary slot={slot.info}>
            {loggedIn && <OnlineState eid={eid} />}
            <ButtonLink to={slotPaths.shop(eid)} data-testid="buy-plan">
              {t('slot.buyPlan')}
            </ButtonLink>
          </SlotSummary>
        )}
        {slot.status !== 'failed' && (
          <section aria-labelledby="profiles-title">
            <Stack>
              <Heading id="profiles-title">{t('profile.title')}</Heading>
              {!loggedIn && (
                <MessageCard data-testid="profiles-login">
                  <Muted>{t('profile.loginFirst')}</Muted>
                  <ButtonLink to={loginPath(here)}>{t('problem.logIn')}</ButtonLink>
                </MessageCard>
              )}
              {newProfile.waiting && (
                <MessageCard role="status" aria-busy="true" data-testid="profile-preparing">
                  <Muted>{t('profile.preparing')}</Muted>
                </MessageCard>
              )}
              {profiles.status === 'loading' && <Card aria-busy="true" aria-label={t('profile.loading')} />}
              {profiles.status === 'failed' && (
                <LoadProblem {...profiles} here={here} onRetry={reloadProfiles} testId="profiles-problem" />
              )}
              {profiles.status === 'ready' &&
                (profiles.list.length === 0 ? (
                  <MessageCard data-testid="profiles-empty">
                    <Muted>{t('profile.empty')}</Muted>
                  </MessageCard>
                ) : (
                  <ProfileList data-testid="profiles">
                    {profiles.list.map((profile, index) => (
                      <li key={profile.iccid || `pending-${index}`}>
                        <ProfileItem eid={eid} profile={profile} onChanged={reloadProfiles} />
                      </li>
                    ))}
                  </ProfileList>
                ))}
            </Stack>
          </section>
        )}
      </Stack>
      {paid && (
        <Suspense fallback={null}>
          <PaidDialog paid={paid} lang={lang} onClose={closePaid} onPaid={newProfile.expect} />
        </Suspense>
      )}
    </PageFrame>
  );
}
