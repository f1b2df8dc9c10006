import styled from 'styled-components';
import { getBus } from 'shared-contracts';
import { Button } from './button';
import { Card, Muted } from './primitives';
import { useRemote } from './remote';

const Badge = styled.span`
  justify-self: start;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.accent};
  color: #5a2d0c;
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
`;

const Box = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/**
 * Body of a page whose content arrives in a later issue: what it will do, and a way to be told. Renders inside a
 * remote's PageFrame, whose namespace it translates with.
 */
export function ComingSoon({ line }: { line: string }) {
  const { NS, useRemoteTranslation } = useRemote();
  const { t } = useRemoteTranslation();
  return (
    <Box data-testid="coming-soon">
      <Badge>{t('comingSoon.badge')}</Badge>
      <Muted>{line}</Muted>
      <Button
        type="button"
        $variant="secondary"
        data-testid="remote-toast-button"
        onClick={() => getBus().publish('toast', { kind: 'info', messageKey: `${NS}:comingSoon.notified` })}
      >
        {t('comingSoon.notify')}
      </Button>
    </Box>
  );
}
