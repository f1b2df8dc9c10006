import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Muted } from 'shared-contracts/ui';
import { moreText } from '../../../lib/text-more';
import { type AlertChoice } from '../api/alert-settings';
import { useAlertSettings } from '../hooks/use-alert-settings';
import { formatPercent, MAX_THRESHOLDS, thresholdOptions, toggleThreshold } from '../lib/alert-thresholds';
import { Address, Chip, Chips, Group, Switch, SwitchRow, Tick } from './alert-styles';
import { Panel } from './styles';

/**
 * /card/set: the card's alerts (beyond the spec). A notice on the card page, and an e-mail while mails are on, when
 * the data left falls to a chosen percentage and 24 hours before a package ends. Thresholds are chips of the usual
 * percentages (a tap each, no typing on a phone), at most three.
 */
export function AlertSettingsPanel({ iccid }: { iccid: string }) {
  const { t } = moreText.useRemoteTranslation();
  const titleId = useId();
  const { state, saving, save, retry } = useAlertSettings(iccid);
  // What the owner changed since the last load or save; null: the stored settings as they are.
  const [draft, setDraft] = useState<AlertChoice | null>(null);

  if (state.status !== 'ready') {
    return (
      <Panel aria-labelledby={titleId} aria-busy={state.status === 'loading'} data-testid="alert-settings">
        <h2 id={titleId}>{t('alerts.title')}</h2>
        {state.status === 'loading' ? (
          <Muted>{t('alerts.loading')}</Muted>
        ) : (
          <>
            <Muted role="alert">{t('alerts.failed')}</Muted>
            <Button type="button" $variant="secondary" onClick={retry}>
              {t('retry')}
            </Button>
          </>
        )}
      </Panel>
    );
  }

  const { email, thresholds, expiry, mail } = state.settings;
  const choice: AlertChoice = draft ?? { thresholds, expiry, mail };
  const change = (next: Partial<AlertChoice>) => setDraft({ ...choice, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (await save(choice)) setDraft(null);
  };

  return (
    <Panel
      as="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby={titleId}
      data-testid="alert-settings"
    >
      <h2 id={titleId}>{t('alerts.title')}</h2>
      <Muted>{t('alerts.intro')}</Muted>
      <Thresholds chosen={choice.thresholds} onChange={(thresholds) => change({ thresholds })} />
      <AlertSwitch
        label={t('alerts.expiry')}
        on={choice.expiry}
        onToggle={() => change({ expiry: !choice.expiry })}
        testId="alert-expiry"
      >
        {t('alerts.expiryHint')}
      </AlertSwitch>
      <AlertSwitch
        label={t('alerts.mail')}
        on={choice.mail}
        onToggle={() => change({ mail: !choice.mail })}
        testId="alert-mail"
      >
        {email ? (
          <span data-testid="alert-mail-to">
            {t('alerts.mailTo')} <Address dir="ltr">{email}</Address>
          </span>
        ) : (
          <span data-testid="alert-no-email">{t('alerts.noEmail')}</span>
        )}
      </AlertSwitch>
      {/* Not disabled while it saves: a disabled button would drop the keyboard focus. */}
      <Button type="submit" aria-disabled={saving || undefined} aria-busy={saving} data-testid="alert-save">
        {saving ? t('settings.saving') : t('alerts.save')}
      </Button>
    </Panel>
  );
}

/** The data-left chips: a group of checkboxes; once MAX_THRESHOLDS are on, the others wait (the hint says why). */
function Thresholds({ chosen, onChange }: { chosen: number[]; onChange: (thresholds: number[]) => void }) {
  const { t, i18n } = moreText.useRemoteTranslation();
  const hintId = useId();
  const full = chosen.length >= MAX_THRESHOLDS;
  return (
    <Group aria-describedby={hintId} data-testid="alert-thresholds">
      <legend>{t('alerts.thresholds')}</legend>
      <Chips>
        {thresholdOptions(chosen).map((value) => {
          const on = chosen.includes(value);
          return (
            <Chip key={value}>
              <input
                type="checkbox"
                checked={on}
                disabled={!on && full}
                onChange={() => onChange(toggleThreshold(chosen, value))}
              />
              {on ? <Tick aria-hidden="true">✓</Tick> : null}
              {formatPercent(value, i18n.language)}
            </Chip>
          );
        })}
      </Chips>
      <Muted id={hintId}>
        {t(chosen.length ? 'alerts.thresholdsHint' : 'alerts.thresholdsNone', { max: MAX_THRESHOLDS })}
      </Muted>
    </Group>
  );
}

function AlertSwitch({
  label,
  on,
  onToggle,
  testId,
  children,
}: {
  label: string;
  on: boolean;
  onToggle: () => void;
  testId: string;
  /** What the switch does, read after its name. */
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <SwitchRow>
      <Switch
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={hintId}
        onClick={onToggle}
        data-testid={testId}
      >
        {label}
        <span className="track" aria-hidden="true" />
      </Switch>
      <Muted id={hintId}>{children}</Muted>
    </SwitchRow>
  );
}
