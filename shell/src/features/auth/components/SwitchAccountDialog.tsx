import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  button {
    inline-size: 100%;
    padding-block: ${({ theme }) => theme.space.sm};
    overflow-wrap: anywhere;
  }
`;

const Text = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

/** An e-mail inside a sentence of either direction: isolated, so an Arabic or Hebrew sentence keeps it whole. */
const isolated = (email: string) => `\u2068${email}\u2069`;

export interface SwitchAccountDialogProps {
  /** The account signed in now. */
  current: string;
  /** The account the link signs in as. */
  other: string;
  onStay: () => void;
  onSwitch: () => void;
}

/**
 * An access_token link of another account than the one signed in: the user chooses. Staying is the first control
 * (focused when the dialog opens) and what Escape, the close button and a tap outside do.
 */
export default function SwitchAccountDialog({ current, other, onStay, onSwitch }: SwitchAccountDialogProps) {
  const { t } = useTranslation('shell');
  return (
    <Dialog title={t('auth.switch.title')} closeLabel={t('auth.switch.close')} onClose={onStay} testId="switch-account">
      <Text data-testid="switch-account-text">{t('auth.switch.text', { email: isolated(other) })}</Text>
      <Choices>
        <Button type="button" onClick={onStay} data-testid="switch-account-stay">
          {t('auth.switch.stay', { email: isolated(current) })}
        </Button>
        <Button type="button" $variant="secondary" onClick={onSwitch} data-testid="switch-account-switch">
          {t('auth.switch.confirm')}
        </Button>
      </Choices>
    </Dialog>
  );
}
