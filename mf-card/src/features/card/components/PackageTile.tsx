import styled from 'styled-components';
import { formatPrice, readableTextColor, validityText, type NewPackage } from 'shared-contracts';
import { useRemoteTranslation } from '../../../lib/remote';
import { salePrice } from './goods';
import { OfferTag, OfferTile, theme } from 'shared-contracts/ui';

const LeftTag = styled(OfferTag)`
  inset-inline-end: auto;
  inset-inline-start: -1px;
  border-radius: 0;
  border-start-start-radius: ${({ theme }) => theme.radius.md};
  border-end-end-radius: ${({ theme }) => theme.radius.sm};
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

/** The tag's colours from the package data, with its text made readable on its background (WCAG AA). */
function tagColours(background: string, words: string) {
  const fill = background || theme.color.accent;
  return { background: fill, color: readableTextColor(fill, words || theme.color.text) };
}

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
    <OfferTile
      type="button"
      $selected={selected}
      aria-pressed={selected}
      onClick={() => onSelect(item)}
      data-testid={`package-${item.id}`}
    >
      {item.left_tag && <LeftTag>{item.left_tag}</LeftTag>}
      {item.tag && <OfferTag style={tagColours(item.tag_background_color, item.tag_words_color)}>{item.tag}</OfferTag>}
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
          {[item.area, validityText(item, lang), t(`pkg.start.${item.validity_start}`)].filter(Boolean).join(' · ')}
        </Small>
      )}
    </OfferTile>
  );
}
