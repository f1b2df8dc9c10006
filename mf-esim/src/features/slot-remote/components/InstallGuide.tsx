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

/**
 * How to install a profile that is not installed yet (USERS.md): scan the QR code (it works once), type the SM-DP+
 * address and activation code by hand, or on iOS 17.4 and later tap the one-tap link.
 */
export default function InstallGuide({ code, name }: { code: string; name: string }) {
  const { t } = useRemoteTranslation();
  const parsed = parseActivationCode(code);
  const apple = appleInstallLink(code);
  return (
    <Guide aria-label={t('install.title', { name })} data-testid="install-guide">
      <h3>{t('install.heading')}</h3>
      <Warning role="note" data-testid="install-once">
        {t('install.once')}
      </Warning>
      <QrBox>
        <QrCode text={code.trim()} label={t('install.qrLabel', { name })} />
        <Muted>{t('install.scan')}</Muted>
      </QrBox>
      {apple && (
        <ButtonAnchor href={apple} target="_blank" rel="noopener noreferrer" data-testid="apple-install">
          {t('install.apple')}
        </ButtonAnchor>
      )}
      <Muted>{t('install.manual')}</Muted>
      {parsed && <CopyRow label={t('install.smdp')} value={parsed.smdpAddress} testId="install-smdp" />}
      {parsed?.matchingId && (
        <CopyRow label={t('install.matchingId')} value={parsed.matchingId} testId="install-matching-id" />
      )}
      <CopyRow label={t('install.code')} value={code.trim()} testId="install-code" />
    </Guide>
  );
}
