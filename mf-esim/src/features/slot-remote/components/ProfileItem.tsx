import { lazy, Suspense } from 'react';
import { cardDisplayName, esimCardState, formatData, type EsimProfile } from 'shared-contracts';
import { CardHead, Muted, StatusBadge, WidgetBody } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { useInstallProgress } from '../hooks/use-install-progress';
import { ProfileActions } from './ProfileActions';
import { Facts, Mono, Progress } from './styles';

// The install guide (with the QR code encoder) loads only for a profile that waits to be installed.
const InstallGuide = lazy(() => import(/* webpackChunkName: "esim-install" */ './InstallGuide'));

/**
 * A profile's data line in the page's language: left of total, unlimited, or no data plan; an api without the figures
 * (total_mb, remain_mb) has its texts shown as sent. '' when there is nothing to say.
 */
function profileData(profile: EsimProfile, lang: string, t: (key: string, vars?: Record<string, string>) => string) {
  if (profile.unlimited) return t('esimCard.unlimited');
  if (profile.total_mb === undefined || profile.remain_mb === undefined) {
    return profile.total_str
      ? t('profile.dataLeft', { remain: profile.remain_str || '0', total: profile.total_str })
      : '';
  }
  if (!(profile.total_mb > 0)) return t('esimCard.noPlan');
  return t('profile.dataLeft', {
    remain: formatData(profile.remain_mb, lang),
    total: formatData(profile.total_mb, lang),
  });
}

/**
 * One profile of the slot: name, state, status, data left and expiry; the owner's actions on it; a pending one shows
 * how to install it and its install progress from the provider (asked until it is installed or failed).
 */
export function ProfileItem({
  eid,
  profile,
  onChanged,
}: {
  eid: string;
  profile: EsimProfile;
  /** A change was made or seen (an action, an install that finished): the page asks for its profiles again. */
  onChanged: () => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const name = cardDisplayName(profile.name, profile.iccid, 'esim');
  const data = profileData(profile, i18n.language, t);
  const status = esimCardState({ ...profile, is_third_party: false });
  const deleted = profile.action === 'delete';
  const failed = profile.action === 'install_fail';
  const installable = !deleted && profile.state === 'pending' && profile.activation_code.trim() !== '';
  const progress = useInstallProgress(eid, profile.iccid, installable && !failed, onChanged);
  const stateKey = deleted ? 'deleted' : failed ? 'failed' : profile.state;
  return (
    <WidgetBody as="article" aria-label={name} data-testid="profile" data-iccid={profile.iccid}>
      <CardHead>
        {/* The user's own name, or 'eSIM' and the last digits: not to be translated. */}
        <strong data-testid="profile-name" translate="no">
          {name}
        </strong>
        <StatusBadge $warn={status.warning} data-testid="profile-status">
          {t(`common:${status.labelKey}`)}
        </StatusBadge>
      </CardHead>
      <Facts>
        <dt>{t('profile.state')}</dt>
        <dd data-testid="profile-state">{t(`profile.states.${stateKey}`)}</dd>
        {profile.iccid && (
          <>
            <dt>ICCID</dt>
            <dd>
              <Mono>{profile.iccid}</Mono>
            </dd>
          </>
        )}
        {data && (
          <>
            <dt>{t('profile.data')}</dt>
            <dd data-testid="profile-data">{data}</dd>
          </>
        )}
        {profile.expire_date && (
          <>
            <dt>{t('profile.expiry')}</dt>
            <dd data-testid="profile-expiry">{profile.expire_date}</dd>
          </>
        )}
      </Facts>
      {progress && installable && !failed && (
        <Progress data-testid="install-progress" data-state={progress.state}>
          <span>{t(`install.progress.${progress.state}`)}</span>
          <progress max={100} value={progress.progress} aria-label={t('install.progressLabel', { name })} />
        </Progress>
      )}
      {failed && (
        <Muted role="note" data-testid="install-failed">
          {t(profile.activation_code.trim() ? 'install.failed' : 'install.failedNoCode')}
        </Muted>
      )}
      <ProfileActions eid={eid} profile={profile} name={name} onChanged={onChanged} />
      {installable && (
        <Suspense fallback={<Muted aria-busy="true">{t('install.loading')}</Muted>}>
          <InstallGuide code={profile.activation_code} name={name} />
        </Suspense>
      )}
    </WidgetBody>
  );
}
