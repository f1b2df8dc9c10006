import styled from 'styled-components';
import { type Goods } from 'shared-contracts';
import { Pairs } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { localValidity } from '../lib/dates';

const Name = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.lg};
  font-weight: 700;
`;

const Desc = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
`;

const STARTS = new Set(['purchase', 'first_use', 'install']);

/**
 * What is being bought (spec section 3, Goods in payment sheet): name, coverage (said clearly: users mix up
 * Austria and Australia), validity and when it starts, networks, description, and the card it is for. Package texts
 * come in the server's language: <bdi> keeps '5 GB' reading right in a right-to-left page.
 */
export function GoodsSummary({
  goods,
  iccid,
  eid,
  testPrefix = 'checkout',
}: {
  goods: Goods;
  iccid: string | null;
  /** eSIM shop: the slot the new profile is for. */
  eid?: string;
  testPrefix?: string;
}) {
  const { t, i18n } = useRemoteTranslation();
  const starts = STARTS.has(goods.htu) ? t(`sheet.startsAt.${goods.htu}`) : '';
  const howToUse = !starts && goods.htu ? goods.htu : '';
  return (
    <>
      <Name data-testid={`${testPrefix}-goods-name`}>
        <bdi>{goods.name}</bdi>
      </Name>
      {goods.desc && (
        <Desc>
          <bdi>{goods.desc}</bdi>
        </Desc>
      )}
      <Pairs>
        {goods.area && (
          <>
            <dt>{t('sheet.coverage')}</dt>
            <dd data-testid={`${testPrefix}-coverage`}>
              <bdi>{goods.area}</bdi>
            </dd>
          </>
        )}
        {goods.validity && (
          <>
            <dt>{t('sheet.validity')}</dt>
            <dd data-testid={`${testPrefix}-validity`}>
              <bdi>{localValidity(goods.validity, i18n.language)}</bdi>
              {starts && ` · ${starts}`}
            </dd>
          </>
        )}
        {!goods.validity && starts && (
          <>
            <dt>{t('sheet.validity')}</dt>
            <dd>{starts}</dd>
          </>
        )}
        {goods.carriers && (
          <>
            <dt>{t('sheet.carriers')}</dt>
            <dd>
              <bdi>{goods.carriers}</bdi>
            </dd>
          </>
        )}
        {howToUse && (
          <>
            <dt>{t('sheet.howToUse')}</dt>
            <dd>
              <bdi>{howToUse}</bdi>
            </dd>
          </>
        )}
        {iccid && (
          <>
            <dt>{t('sheet.card')}</dt>
            <dd dir="ltr" data-testid={`${testPrefix}-iccid`}>
              {iccid}
            </dd>
          </>
        )}
        {eid && (
          <>
            <dt>{t('sheet.slot')}</dt>
            <dd dir="ltr" data-testid={`${testPrefix}-eid`}>
              {eid}
            </dd>
          </>
        )}
      </Pairs>
    </>
  );
}
