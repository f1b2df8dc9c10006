import styled from 'styled-components';
import { formatPrice, type NewPackage } from 'shared-contracts';
import { useRemoteTranslation } from '../../../lib/remote';
import { salePrice } from './goods';

const Tile = styled.button<{ $selected: boolean }>`
  position: relative;
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space.xs};
  min-block-size: ${({ theme }) => theme.touch};
  inline-size: 100%;
  padding: ${({ theme }) => theme.space.md};
  padding-block-start: ${({ theme }) => theme.space.lg};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $selected }) => ($selected ? 'rgba(7, 193, 96, 0.06)' : theme.color.surface)};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

const Tag = styled.span`
  position: absolute;
  inset-block-start: -1px;
  inset-inline-end: -1px;
  padding: 1px ${({ theme }) => theme.space.sm};
  border-start-end-radius: ${({ theme }) => theme.radius.md};
  border-end-start-radius: ${({ theme }) => theme.radius.sm};
  font-size: 11px;
  font-weight: 600;
`;

const LeftTag = styled(Tag)`
  inset-inline-end: auto;
  inset-inline-start: -1px;
  border-radius: 0;
  border-start-start-radius: ${({ theme }) => theme.radius.md};
  border-end-end-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.accent};
  color: #fff;
`;

const Title = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.md};
  overflow-wrap: anywhere;
  img {
    inline-size: 20px;
    block-size: 20px;
    object-fit: contain;
  }
`;

const Small = styled.span<{ $tone?: 'accent' | 'muted' }>`
  font-size: 12px;
  color: ${({ theme, $tone }) => ($tone === 'accent' ? theme.color.primaryDark : theme.color.textMuted)};
  overflow-wrap: anywhere;
`;

const Price = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  strong {
    font-size: ${({ theme }) => theme.font.lg};
    color: ${({ theme }) => theme.color.text};
  }
  s {
    font-size: 12px;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const safeIcon = (url: string) => (/^https?:\/\//i.test(url) ? url : '');

/** One package of the new view's grid with every field of the new package entity. */
export function PackageTile({
  item,
  selected,
  onSelect,
}: {
  item: NewPackage;
  selected: boolean;
  onSelect: (item: NewPackage) => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const lang = i18n.language;
  const sale = salePrice(item);
  const price = formatPrice(sale, item.currency, { lang });
  const original = sale < item.price ? formatPrice(item.price, item.currency, { lang }) : null;
  const renew = item.renewal || item.mode === 2 ? formatPrice(item.renew_price, item.currency, { lang }) : null;
  const icon = safeIcon(item.pkg_style_icon);
  const title = item.main_title || item.name;
  return (
    <Tile
      type="button"
      $selected={selected}
      aria-pressed={selected}
      onClick={() => onSelect(item)}
      data-testid={`package-${item.id}`}
    >
      {item.left_tag && <LeftTag>{item.left_tag}</LeftTag>}
      {item.tag && (
        <Tag style={{ background: item.tag_background_color || '#FFAC79', color: item.tag_words_color || '#fff' }}>
          {item.tag}
        </Tag>
      )}
      <Title>
        {icon && <img src={icon} alt="" loading="lazy" />}
        {/* Package texts come in the server's language: bdi keeps '5 GB' reading right in a right-to-left page. */}
        <bdi>{title}</bdi>
      </Title>
      {item.secondary_title && (
        <Small>
          <bdi>{item.secondary_title}</bdi>
        </Small>
      )}
      {item.sub_title && (
        <Small>
          <bdi>{item.sub_title}</bdi>
        </Small>
      )}
      <Price data-testid="package-price">
        <strong>{price ?? (item.pkg_price_tip || t('pkg.free'))}</strong>
        {original && <s aria-label={t('pkg.was', { price: original })}>{original}</s>}
      </Price>
      {price && item.pkg_price_tip && <Small $tone="accent">{item.pkg_price_tip}</Small>}
      {renew && <Small data-testid="package-renew">{t('pkg.renewAt', { price: renew })}</Small>}
      {item.subscribe_tips && <Small>{item.subscribe_tips}</Small>}
      {(item.area || item.validity) && (
        <Small data-testid="package-coverage">
          {[item.area, item.validity, t(`pkg.start.${item.validity_start}`)].filter(Boolean).join(' · ')}
        </Small>
      )}
    </Tile>
  );
}
