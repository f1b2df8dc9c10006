import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { getBus, SUCCESS_MESSAGES } from 'shared-contracts';
import styled from 'styled-components';
import { switchTrack } from '../../../components/switch-track';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';
import { setRenewal } from '../api/set-renewal';

// The question before switching on: its own chunk, fetched when asked (the page's first view does not need it).
const RenewalAskDialog = lazy(() => import(/* webpackChunkName: "renewal-ask" */ './RenewalAskDialog'));

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
 * Auto-renewal of one purchased package, on or off (pkgUpdate). Switching it on asks first, as the purchase sheet
 * does (spec section 4): an OK/Cancel dialog with the auto-renewal agreement; Cancel leaves it off and says auto-renew
 * is cancelled. Off needs no agreement and takes effect at once. A refused change leaves the switch as it was.
 * `renewal` is where it starts: the record card keys it by that value, so a reloaded record starts it afresh.
 */
export function RenewalSwitch({
  iccid,
  id,
  name,
  renewal,
}: {
  iccid: string;
  id: number;
  /** The package's name, for what the page says after a change. */
  name: string;
  renewal: boolean;
}) {
  const { t } = moreText.useRemoteTranslation();
  const [on, setOn] = useState(renewal);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const change = async (next: boolean) => {
    setBusy(true);
    const result = await setRenewal(getApiClient(), { iccid, id, renewal: next });
    setBusy(false);
    setAsking(false);
    if (!result.ok) return;
    setOn(next);
    getBus().publish(
      'toast',
      next
        ? { kind: 'success', messageKey: 'cardMore:packages.renewalTurnedOn', values: { name } }
        : { kind: 'info', messageKey: 'cardMore:packages.renewalTurnedOff', values: { name } },
    );
  };

  const toggle = () => {
    if (busy || asking) return;
    if (on) void change(false);
    else setAsking(true);
  };

  const cancel = () => {
    if (busy) return;
    setAsking(false);
    getBus().publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.autoRenewCancelled });
  };

  return (
    <Row>
      <Switch
        type="button"
        role="switch"
        aria-checked={on}
        // Not disabled while it saves: a disabled button would drop the keyboard focus.
        aria-disabled={busy || undefined}
        onClick={toggle}
        data-testid="renewal-switch"
      >
        {t('packages.renewalSwitch')}
        <span className="track" aria-hidden="true" />
      </Switch>
      <Note>
        {on ? t('packages.renewalOn') : t('packages.renewalOff')}{' '}
        <Link to="/renew/agreement">{t('packages.renewalAgreement')}</Link>
      </Note>
      {asking ? (
        <Suspense fallback={null}>
          <RenewalAskDialog name={name} busy={busy} onCancel={cancel} onConfirm={() => void change(true)} />
        </Suspense>
      ) : null}
    </Row>
  );
}
