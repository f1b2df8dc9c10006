import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { type CoverageCountry, type PoolPlan } from 'shared-contracts';
import { CoverageCountries, Field, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { pageLanguage } from '../../../lib/page-locale';
import { useRemoteTranslation } from '../../../lib/remote';

/** The search box inside its label (the label names it for screen readers too). */
const Search = styled(Field)`
  label {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  input {
    font-weight: 400;
  }
`;

/** One choice per coverage the pool's plans have (a pool plan's type decides where it works). */
function coverageChoices(plans: PoolPlan[]): PoolPlan[] {
  const seen = new Set<number>();
  return plans.filter((plan) => !seen.has(plan.pool_type_id) && seen.add(plan.pool_type_id));
}

/**
 * The pool's coverage (poolZoneInfo): a bottom sheet with the countries and their networks, a search by country name
 * (case-insensitive, spec section 5), 'nothing yet' and 'no match' states; a plan picker when the plans differ.
 */
export function CoverageSheet({ plans, onClose }: { plans: PoolPlan[]; onClose: () => void }) {
  const { t, i18n } = useRemoteTranslation();
  const choices = coverageChoices(plans);
  const [typeId, setTypeId] = useState(choices[0]?.pool_type_id ?? null);
  const [query, setQuery] = useState('');
  const [countries, setCountries] = useState<CoverageCountry[] | 'loading' | 'failed'>('loading');
  const planId = useId();
  const lang = pageLanguage(i18n.language);

  useEffect(() => {
    if (typeId === null) return undefined;
    let live = true;
    setCountries('loading');
    void getApiClient()
      .call('poolZoneInfo', { pool_type_id: typeId, lang }, { closeMessage: true })
      .then((answer) => live && setCountries(answer.ok ? answer.data.countries : 'failed'));
    return () => {
      live = false;
    };
  }, [typeId, lang]);

  const needle = query.trim().toLowerCase();
  const matching = Array.isArray(countries)
    ? countries.filter((country) => country.name.toLowerCase().includes(needle))
    : [];
  let state: string | null = null;
  if (typeId === null || (Array.isArray(countries) && !countries.length)) state = t('coverage.empty');
  else if (countries === 'loading') state = t('coverage.loading');
  else if (countries === 'failed') state = t('coverage.failed');
  else if (!matching.length) state = t('coverage.noMatch');

  return (
    <Dialog placement="sheet" title={t('coverage.title')} closeLabel={t('ui.close')} onClose={onClose}>
      {choices.length > 1 ? (
        <Field>
          <label htmlFor={planId}>{t('coverage.plan')}</label>
          <select id={planId} value={typeId ?? ''} onChange={(event) => setTypeId(Number(event.target.value))}>
            {choices.map((plan) => (
              <option key={plan.pool_type_id} value={plan.pool_type_id}>
                {`${plan.main_title} ${plan.secondary_title}`.trim()}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <Search>
        <label>
          {t('coverage.search')}
          <input type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
        </label>
      </Search>
      <div style={{ minBlockSize: '40vh' }}>
        {state ? (
          <Muted role={countries === 'failed' ? 'alert' : 'status'} data-testid="coverage-state">
            {state}
          </Muted>
        ) : (
          <CoverageCountries countries={matching} label={t('coverage.title')} operators />
        )}
      </div>
    </Dialog>
  );
}
