import styled from 'styled-components';
import { type CheckoutSheetProps } from 'shared-contracts';
import { Button, WidgetAmounts } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useRemoteTranslation } from '../../../lib/remote';

// The label/value pairs of the card widgets, in two columns that wrap long coverage texts.
const Goods = styled(WidgetAmounts)`
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  dd {
    overflow-wrap: anywhere;
  }
`;

const Name = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.lg};
  font-weight: 700;
`;

/**
 * The payment bottom sheet (mf_checkout/CheckoutSheet). The shell, or the partner embed, mounts it when a
 * checkout:open arrives. It shows what is being bought: name, price, renewal price and coverage (spec section 3,
 * Goods in payment sheet); the pay flow of section 4 fills it in with the checkout issue.
 */
export default function CheckoutSheet({ request, onClose }: CheckoutSheetProps) {
  const { t } = useRemoteTranslation();
  const { goods, iccid } = request;
  const price = goods.price > 0 && goods.price_str ? goods.price_str : t('sheet.free');
  return (
    <Dialog
      title={t('sheet.title')}
      closeLabel={t('sheet.close')}
      onClose={onClose}
      placement="sheet"
      testId="checkout-sheet"
    >
      <Name data-testid="checkout-goods-name">
        {/* Package texts come in the server's language: bdi keeps '5 GB' reading right in a right-to-left page. */}
        <bdi>{goods.name}</bdi>
      </Name>
      <Goods>
        <dt>{t('sheet.price')}</dt>
        <dd data-testid="checkout-price">
          <bdi>{price}</bdi>
        </dd>
        {goods.renew_price_str && (
          <>
            <dt>{t('sheet.renewalPrice')}</dt>
            <dd data-testid="checkout-renewal-price">
              <bdi>{goods.renew_price_str}</bdi>
            </dd>
          </>
        )}
        {goods.area && (
          <>
            <dt>{t('sheet.coverage')}</dt>
            <dd data-testid="checkout-coverage">
              <bdi>{goods.area}</bdi>
            </dd>
          </>
        )}
        {goods.validity && (
          <>
            <dt>{t('sheet.validity')}</dt>
            <dd>
              <bdi>{goods.validity}</bdi>
            </dd>
          </>
        )}
        {iccid && (
          <>
            <dt>{t('sheet.card')}</dt>
            <dd dir="ltr">{iccid}</dd>
          </>
        )}
      </Goods>
      <Button type="button" $variant="secondary" onClick={onClose} data-testid="checkout-close">
        {t('sheet.close')}
      </Button>
    </Dialog>
  );
}
