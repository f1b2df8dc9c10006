import { useId } from 'react';
import { Button, SentenceWithNames } from 'shared-contracts/ui';
import styled from 'styled-components';
import { type PaymentMethod } from '../api/payment-methods';
import { useRemoteTranslation } from '../../../lib/remote';
import { methodExpiry, methodLabel, renewedNames, testCard } from './payment-method-label';

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.md};
  border-block-end: 1px solid ${({ theme }) => theme.color.border};
  &:last-child {
    border-block-end: 0;
  }
`;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-inline-size: 0;
  flex: 1 1 12rem;
`;

const Name = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  overflow-wrap: anywhere;
`;

/**
 * One saved method: what it is (a sandbox method with its test card below), its expiry, when it was saved, what it
 * renews, and its Delete button.
 */
export function PaymentMethodItem({
  method,
  dateFormat,
  listFormat,
  onDelete,
}: {
  method: PaymentMethod;
  dateFormat: Intl.DateTimeFormat;
  listFormat: Intl.ListFormat;
  onDelete: (method: PaymentMethod) => void;
}) {
  const { t } = useRemoteTranslation();
  const detailsId = useId();
  const expiry = methodExpiry(method);
  const sandboxCard = testCard(method);
  const renewed = renewedNames(method, t);
  return (
    <Item data-testid="payment-method">
      <Details id={detailsId}>
        <Name>
          <bdi>{methodLabel(method, t)}</bdi>
        </Name>
        {sandboxCard ? (
          <Line>
            <bdi>{sandboxCard}</bdi>
          </Line>
        ) : null}
        {expiry ? <Line>{t('paymentMethods.expires', { date: expiry })}</Line> : null}
        <Line>{t('paymentMethods.saved', { date: dateFormat.format(method.create * 1000) })}</Line>
        <Line>
          {renewed.length > 0 ? (
            // The cards' and plans' names are the user's own words: marked as not to be translated.
            <SentenceWithNames
              t={t}
              i18nKey="paymentMethods.renews"
              values={{ items: listFormat.format(renewed) }}
              names={{ names: true }}
            />
          ) : (
            t('paymentMethods.renewsNothing')
          )}
        </Line>
      </Details>
      <Button
        type="button"
        $variant="secondary"
        aria-label={t('paymentMethods.deleteLabel', { method: methodLabel(method, t, true) })}
        aria-describedby={detailsId}
        onClick={() => onDelete(method)}
        data-testid="payment-method-delete"
      >
        {t('paymentMethods.delete')}
      </Button>
    </Item>
  );
}
