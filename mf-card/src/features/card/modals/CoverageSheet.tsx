import { useEffect, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { type CoverageCountry } from 'shared-contracts';
import { CoverageCountries, Field, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { moreText } from '../../../lib/text-more';

export type CoverageMode = 'country' | 'network';

// The sheet keeps one height while the search narrows the list (no jump when nothing matches).
const Results = styled.div`
  min-block-size: 45vh;
`;

const Empty = styled(Muted)`
  padding-block: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** Case-insensitive substring match on the country name (spec section 5). */
export function filterCountries(countries: CoverageCountry[], query: string): CoverageCountry[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return countries;
  return countries.filter((country) => country.name.toLowerCase().includes(needle));
}

type Load = { status: 'loading' } | { status: 'ready'; countries: CoverageCountry[] } | { status: 'failed' };

/**
 * Coverage sheet of a package type: titled Country or Network, a search box, the empty state ('There is currently
 * no content available') and the no-match state ('No results found'); in Network mode each country lists its
 * operators with their network type.
 */
export function CoverageSheet({
  pkgTypeId,
  mode,
  lang,
  onClose,
}: {
  pkgTypeId: number;
  mode: CoverageMode;
  lang: string;
  onClose: () => void;
}) {
  const { t } = moreText.useRemoteTranslation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    void getApiClient()
      .call('getProductCountry', { pkg_type_id: pkgTypeId, lang: lang as never })
      .then((result) => {
        if (cancelled) return;
        setLoad(result.ok ? { status: 'ready', countries: result.data.countries } : { status: 'failed' });
      });
    return () => {
      cancelled = true;
    };
  }, [pkgTypeId, lang]);

  const shown = useMemo(() => (load.status === 'ready' ? filterCountries(load.countries, query) : []), [load, query]);

  return (
    <Dialog
      placement="sheet"
      title={mode === 'network' ? t('coverage.network') : t('coverage.country')}
      closeLabel={t('close')}
      onClose={onClose}
    >
      <div data-testid="coverage-sheet" data-mode={mode}>
        <Field>
          <label htmlFor={searchId}>{t('coverage.search')}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('coverage.placeholder')}
            onChange={(event) => setQuery(event.target.value)}
            data-testid="coverage-search"
          />
        </Field>
        <Results>
          {load.status === 'loading' && <Empty aria-busy="true">{t('coverage.loading')}</Empty>}
          {load.status === 'failed' && <Empty role="alert">{t('coverage.failed')}</Empty>}
          {load.status === 'ready' && load.countries.length === 0 && (
            <Empty data-testid="coverage-empty">{t('coverage.empty')}</Empty>
          )}
          {load.status === 'ready' && load.countries.length > 0 && shown.length === 0 && (
            <Empty data-testid="coverage-no-match" role="status">
              {t('coverage.noMatch')}
            </Empty>
          )}
          {shown.length > 0 && (
            <CoverageCountries
              countries={shown}
              label={mode === 'network' ? t('coverage.network') : t('coverage.country')}
              operators={mode === 'network'}
            />
          )}
        </Results>
      </div>
    </Dialog>
  );
}
