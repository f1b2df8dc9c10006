import { useId, useMemo, useState, type FormEvent } from 'react';
import { getBus, getStorage, normalizeLanguage, regionOptions, STORAGE_KEYS, type ApiClient } from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { FieldBox, Form, Select } from '../../../components/form-styles';
import { ProblemLine } from '../../../components/ProblemLine';
import { type Problem } from '../../../lib/problem';
import { useRemoteTranslation } from '../../../lib/remote';
import { saveSettings } from '../api/account';
import { Section } from './EmailSection';

/**
 * Region and currency of the account (/v1/user/set). After a save they are stored on this device and
 * 'locale:changed' tells the page (the shell's currency, open card pages' prices).
 */
export function SettingsSection({
  client,
  area,
  ccy,
  currencies,
}: {
  client: ApiClient;
  area: string;
  ccy: string;
  currencies: readonly string[];
}) {
  const { t, i18n } = useRemoteTranslation();
  const lang = normalizeLanguage(i18n.language);
  const [region, setRegion] = useState(area);
  const [currency, setCurrency] = useState(ccy);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const ids = { region: useId(), currency: useId() };
  const regions = useMemo(() => regionOptions(lang, area), [lang, area]);
  const currencyList = currencies.includes(ccy) || !ccy ? currencies : [ccy, ...currencies];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    setProblem(null);
    const outcome = await saveSettings(client, { area: region, ccy: currency });
    setBusy(false);
    if (!outcome.ok) {
      setProblem({ key: 'userInfo.saveFailed', ns: 'account' });
      return;
    }
    const storage = getStorage();
    storage.set(STORAGE_KEYS.AREA_KEY, region);
    storage.set(STORAGE_KEYS.CURRENCY_KEY, currency);
    getBus().publish('locale:changed', { lang, ccy: currency, area: region });
    setSaved(true);
  };

  return (
    <Section aria-labelledby="account-settings-title" data-testid="account-settings">
      <h2 id="account-settings-title">{t('userInfo.settings')}</h2>
      <Form onSubmit={(event) => void submit(event)}>
        <FieldBox>
          <label htmlFor={ids.region}>{t('userInfo.region')}</label>
          <Select
            id={ids.region}
            value={region}
            data-testid="account-region"
            onChange={(event) => {
              setRegion(event.target.value);
              setSaved(false);
            }}
          >
            {regions.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </Select>
        </FieldBox>
        <FieldBox>
          <label htmlFor={ids.currency}>{t('userInfo.currency')}</label>
          <Select
            id={ids.currency}
            value={currency}
            data-testid="account-currency"
            onChange={(event) => {
              setCurrency(event.target.value);
              setSaved(false);
            }}
          >
            {currencyList.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </Select>
        </FieldBox>
        <ProblemLine problem={problem} testId="account-settings-problem" />
        <div role="status">{saved ? <Muted>{t('userInfo.saved')}</Muted> : null}</div>
        <Button type="submit" disabled={busy || !currency} data-testid="account-settings-save">
          {t('userInfo.save')}
        </Button>
      </Form>
    </Section>
  );
}
