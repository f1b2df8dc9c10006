import { useEffect, useState } from 'react';
import { type CoverageCountry, type EsimGoods, type Language } from 'shared-contracts';
import { CoverageCountries, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { getApiClient } from '../../../lib/api-client';
import { useRemoteTranslation } from '../../../lib/remote';
import { esimProductZoneInfo } from '../api/zone-info';

type Load = { status: 'loading' } | { status: 'ready'; countries: CoverageCountry[] } | { status: 'failed' };

/** Where a product works: its countries, each with its operators and network types (/esim/productZoneInfo). */
export function CoverageDialog({ item, lang, onClose }: { item: EsimGoods; lang: Language; onClose: () => void }) {
  const { t } = useRemoteTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const productId = item.esim_product_id;

  useEffect(() => {
    let cancelled = false;
    void esimProductZoneInfo(getApiClient(), { esim_product_id: productId, lang }).then((result) => {
      if (!cancelled) setLoad(result.ok ? { status: 'ready', countries: result.data.countries } : { status: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, [productId, lang]);

  return (
    <Dialog
      placement="sheet"
      title={t('coverage.title', { name: item.main_title || item.name })}
      closeLabel={t('coverage.close')}
      onClose={onClose}
      testId="coverage-dialog"
    >
      {load.status === 'loading' && <Muted aria-busy="true">{t('coverage.loading')}</Muted>}
      {load.status === 'failed' && <Muted role="alert">{t('coverage.failed')}</Muted>}
      {load.status === 'ready' && load.countries.length === 0 && (
        <Muted data-testid="coverage-empty">{t('coverage.empty')}</Muted>
      )}
      {load.status === 'ready' && load.countries.length > 0 && (
        <CoverageCountries countries={load.countries} label={t('coverage.countries')} operators />
      )}
    </Dialog>
  );
}
