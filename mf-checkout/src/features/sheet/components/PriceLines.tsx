import styled from 'styled-components';
import { type Goods } from 'shared-contracts';
import { Pairs } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { money, percent, type Amounts } from '../lib/amounts';

const Lines = styled(Pairs)`
  padding-block-start: ${({ theme }) => theme.space.md};
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  dd {
    text-align: end;
  }
  .total {
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.lg};
    font-weight: 700;
  }
`;

/**
 * Price, renewal price, the tax line when a tax rate applies (tax = price × taxRate, in minor units) and the total.
 * A package without a price says free (spec section 5).
 */
export function PriceLines({
  goods,
  amounts,
  renewal,
  lang,
  testPrefix = 'checkout',
}: {
  goods: Goods;
  amounts: Amounts;
  /** Auto-renewal is ticked: the renewal price is what later periods cost. */
  renewal: boolean;
  lang: string;
  testPrefix?: string;
}) {
  const { t } = useRemoteTranslation();
  const free = t('sheet.free');
  // A free package shows its price tip when it has one.
  const price =
    amounts.price > 0
      ? goods.price_str || money(amounts.price, amounts.currency, lang) || free
      : goods.price_str || free;
  const total = money(amounts.total, amounts.currency, lang) ?? free;
  return (
    <Lines data-testid={`${testPrefix}-amounts`}>
      <dt>{t('sheet.price')}</dt>
      <dd data-testid={`${testPrefix}-price`}>
        <bdi>{price}</bdi>
      </dd>
      {goods.renew_price_str && (
        <>
          <dt>{renewal ? t('sheet.renewalPriceOn') : t('sheet.renewalPrice')}</dt>
          <dd data-testid={`${testPrefix}-renewal-price`}>
            <bdi>{goods.renew_price_str}</bdi>
          </dd>
        </>
      )}
      {amounts.tax > 0 && (
        <>
          <dt>{t('sheet.tax', { rate: percent(amounts.taxRate, lang) })}</dt>
          <dd data-testid={`${testPrefix}-tax`}>
            <bdi>{money(amounts.tax, amounts.currency, lang)}</bdi>
          </dd>
        </>
      )}
      <dt className="total">{t('sheet.total')}</dt>
      <dd className="total" data-testid={`${testPrefix}-total`}>
        <bdi>{total}</bdi>
      </dd>
    </Lines>
  );
}
