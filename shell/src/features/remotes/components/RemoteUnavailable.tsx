import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import { Icon } from '../../../components/Icon';
import { type RemoteName } from '../lib/remote-names';

const Box = styled.div`
  margin: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  text-align: center;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  h2 {
    margin: 0;
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.lg};
  }
  p {
    margin: 0;
  }
`;

/** What a remote's area shows when its code cannot be loaded; the rest of the page keeps working. */
export function RemoteUnavailable({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Box role="alert" data-testid="remote-unavailable" data-remote-unavailable={remote}>
      <Icon name="alert" size={32} />
      <h2>{t('remote.unavailable')}</h2>
      <p>{t('remote.unavailableHint')}</p>
      <Button type="button" onClick={onRetry} data-testid="remote-retry">
        <Icon name="refresh" size={20} />
        {t('remote.retry')}
      </Button>
    </Box>
  );
}
