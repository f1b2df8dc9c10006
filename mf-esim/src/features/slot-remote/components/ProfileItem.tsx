import { lazy, Suspense } from 'react';
import { cardDisplayName, esimCardState, type EsimProfile } from 'shared-contracts';
import { CardHead, Muted, StatusBadge, WidgetBody } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { Facts, Mono } from './styles';

// The install guide (with the QR code encoder) loads only for a profile that waits to be installed.
const InstallGuide = lazy(() => import(/* webpackChunkName: "esim-install" */ './InstallGuide'));

/** One profile of the slot: name, state, status, data left and expiry; a pending one shows how to install it. */
export function ProfileItem({ profile }: { profile: EsimProfile }) {
  const { t } = useRemoteTranslation();
  const name = cardDisplayName(profile.name, profile.iccid, 'esim');
  const status = esimCardState({ ...profile, is_third_party: false });
  const installable = profile.state === 'pending' && profile.activation_code.trim() !== '';
  return (
    <WidgetBody as="article" aria-label={name} data-testid="profile" data-iccid={profile.iccid}>
      <CardHead>
        <strong data-testid="profile-name">{name}</strong>
        <StatusBadge $warn={status.warning} data-testid="profile-status">
          {t(`common:${status.labelKey}`)}
        </StatusBadge>
      </CardHead>
      <Facts>
        <dt>{t('profile.state')}</dt>
        <dd data-testid="profile-state">{t(`profile.states.${profile.state}`)}</dd>
        {profile.iccid && (
          <>
            <dt>ICCID</dt>
            <dd>
              <Mono>{profile.iccid}</Mono>
            </dd>
          </>
        )}
        {profile.total_str && (
          <>
            <dt>{t('profile.data')}</dt>
            <dd data-testid="profile-data">
              {t('profile.dataLeft', { remain: profile.remain_str || '0', total: profile.total_str })}
            </dd>
          </>
        )}
        {profile.expire_date && (
          <>
            <dt>{t('profile.expiry')}</dt>
            <dd data-testid="profile-expiry">{profile.expire_date}</dd>
          </>
        )}
      </Facts>
      {installable && (
        <Suspense fallback={<Muted aria-busy="true">{t('install.loading')}</Muted>}>
          <InstallGuide code={profile.activation_code} name={name} />
        </Suspense>
      )}
    </WidgetBody>
  );
}
