import styled from 'styled-components';
import { useRemoteTranslation } from '../../../lib/remote';
import { type Mode } from '../hooks/use-login-flow';

const Group = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
`;

const Choice = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: none;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.surface};
    box-shadow: ${({ theme }) => theme.shadow};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const MODES: ReadonlyArray<Mode> = ['login', 'signup', 'reset'];

/** Log in / Sign up / Reset password: one pressed at a time; switching keeps what was typed. */
export function ModeSwitch({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const { t } = useRemoteTranslation();
  return (
    <Group role="group" aria-label={t('login.modes')}>
      {MODES.map((choice) => (
        <Choice
          key={choice}
          type="button"
          aria-pressed={choice === mode}
          data-testid={`mode-${choice}`}
          onClick={() => onMode(choice)}
        >
          {t(`login.mode.${choice}`)}
        </Choice>
      ))}
    </Group>
  );
}
