import { appleInstallLink, parseActivationCode } from 'shared-contracts';
import { Button, ButtonAnchor, Muted } from 'shared-contracts/ui';
import { copyWithToast } from '../../../lib/copy-text';
import { useRemoteTranslation } from '../../../lib/remote';
import { QrCode } from './QrCode';
import { CodeRow, Guide, Mono, QrBox, Warning } from './styles';

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useRemoteTranslation();
  return (
    <CodeRow>
      <div>
        <span>{label}</span>
        <Mono data-testid={testId}>{value}</Mono>
      </div>
      <Button
        type="button"
        $variant="secondary"
        aria-label={t('install.copy', { label })}
        onClick={() => copyWithToast(value)}
      >
        {t('install.copyShort')}
      </Button>
    </CodeRow>
  );
}

/** Which way of installing fits the phone the page is open on: the others stay on the page below it. */
export type InstallWay = 'ios' | 'android' | 'other';

export function installWayFor(userAgent: string): InstallWay {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

/**
 * How to install a profile that is not installed yet (USERS.md): on an iPhone (iOS 17.4 and later) one tap on Apple's
 * install link, first; on Android, where no web link installs an eSIM, the code to paste in Settings, first; on a
 * computer the QR code to scan with the phone (it works once). The SM-DP+ address and activation code to type by hand
 * are always there too.
 */
export default function InstallGuide({
  code,
  name,
  way = installWayFor(typeof navigator === 'undefined' ? '' : navigator.userAgent),
}: {
  code: string;
  name: string;
  way?: InstallWay;
}) {
  const { t } = useRemoteTranslation();
  const parsed = parseActivationCode(code);
  const apple = appleInstallLink(code);
  const appleLink = apple && (
    <ButtonAnchor
      href={apple}
      target="_blank"
      rel="noopener noreferrer"
      $variant={way === 'ios' ? undefined : 'secondary'}
      data-testid="apple-install"
    >
      {t('install.apple')}
    </ButtonAnchor>
  );
  return (
    <Guide aria-label={t('install.title', { name })} data-testid="install-guide" data-way={way}>
      <h3>{t('install.heading')}</h3>
      <Warning role="note" data-testid="install-once">
        {t('install.once')}
      </Warning>
      {way === 'ios' && appleLink}
      {way === 'android' && (
        <>
          <Muted data-testid="android-install">{t('install.android')}</Muted>
          <CopyRow label={t('install.code')} value={code.trim()} testId="android-install-code" />
        </>
      )}
      <QrBox>
        <QrCode text={code.trim()} label={t('install.qrLabel', { name })} />
        <Muted>{t('install.scan')}</Muted>
      </QrBox>
      {way !== 'ios' && appleLink}
      <Muted>{t('install.manual')}</Muted>
      {parsed && <CopyRow label={t('install.smdp')} value={parsed.smdpAddress} testId="install-smdp" />}
      {parsed?.matchingId && (
        <CopyRow label={t('install.matchingId')} value={parsed.matchingId} testId="install-matching-id" />
      )}
      <CopyRow label={t('install.code')} value={code.trim()} testId="install-code" />
    </Guide>
  );
}
