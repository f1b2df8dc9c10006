import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getBus } from 'shared-contracts';
import styled from 'styled-components';
import { switchTrack } from '../../../components/switch-track';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';
import { setRenewal } from '../api/set-renewal';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Switch = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  ${switchTrack}
  &[aria-disabled='true'] {
    cursor: progress;
  }
`;

const Note = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  a {
    color: ${({ theme }) => theme.color.primaryDark};
  }
`;

/**
 * Auto-renewal of one purchased package, on or off (pkgUpdate). Off takes effect at once ("auto-renew cancelled");
 * on renews under the auto-renewal agreement, linked under the switch. A refused change leaves the switch as it was.
 * `renewal` is where it starts: the record card keys it by that value, so a reloaded record starts it afresh.
 */
export function RenewalSwitch({ iccid, id, renewal }: { iccid: string; id: number; renewal: boolean }) {
  const { t } = moreText.useRemoteTranslation();
  const [on, setOn] = useState(renewal);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (busy) return;
    const next = !on;
    setBusy(true);
    const result = await setRenewal(getApiClient(), { iccid, id, renewal: next });
    setBusy(false);
    if (!result.ok) return;
    setOn(next);
    getBus().publish('toast', {
      kind: next ? 'success' : 'warning',
      messageKey: next ? 'responseDesc.succOperation' : 'autoRenewCancelled',
    });
  };

  return (
    <Row>
      <Switch
        type="button"
        role="switch"
        aria-checked={on}
        // Not disabled while it saves: a disabled button would drop the keyboard focus.
        aria-disabled={busy || undefined}
        onClick={() => void toggle()}
        data-testid="renewal-switch"
      >
        {t('packages.renewalSwitch')}
        <span className="track" aria-hidden="true" />
      </Switch>
      <Note>
        {on ? t('packages.renewalOn') : t('packages.renewalOff')}{' '}
        <Link to="/renew/agreement">{t('packages.renewalAgreement')}</Link>
      </Note>
    </Row>
  );
}
