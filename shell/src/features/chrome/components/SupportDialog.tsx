import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { Dialog } from 'shared-contracts/ui/dialog';
import { type SupportSubject } from '../lib/support-link';
import { supportText } from '../lib/support-text';

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
`;

const OpenLink = styled(Button).attrs({ as: 'a' })`
  text-decoration: none;
  inline-size: 100%;
`;

/** The configured external chat, when the browser did not let it open in a new tab by itself. */
export default function SupportDialog({
  subject,
  url,
  onClose,
}: {
  subject: SupportSubject;
  url: string;
  onClose: () => void;
}) {
  const { t } = supportText.useRemoteTranslation();
  return (
    <Dialog
      open
      placement="sheet"
      title={t('support.title')}
      closeLabel={t('support.close')}
      onClose={onClose}
      testId="support-dialog"
    >
      <Body>
        <p>{t('support.body')}</p>
        {subject.email && <Muted>{t('support.account', { email: subject.email })}</Muted>}
        {subject.iccid && <Muted>{t('support.card', { iccid: subject.iccid })}</Muted>}
        <OpenLink
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
          data-testid="support-external-link"
        >
          {t('support.openExternal')}
        </OpenLink>
      </Body>
    </Dialog>
  );
}
