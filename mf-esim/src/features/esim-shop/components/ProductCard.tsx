import { useId } from 'react';
import { formatPrice, readableTextColor, salePrice, validityText, type EsimGoods } from 'shared-contracts';
import { Button, theme } from 'shared-contracts/ui';
import { useRemoteTranslation } from '../../../lib/remote';
import { Price, Product, ProductActions, Small, Tag, Title } from './styles';

/** The tag's colours from the data, with its text made readable on its background (WCAG AA). */
function tagColours(background: string, words: string) {
  const fill = background || theme.color.accent;
  return { background: fill, color: readableTextColor(fill, words || theme.color.text) };
}

/** One product of the shop: tag, title, data and validity, area, price, and its Coverage and Buy actions. */
export function ProductCard({
  item,
  canBuy,
  onCoverage,
  onBuy,
}: {
  item: EsimGoods;
  /** False when the slot has no free profile slot. */
  canBuy: boolean;
  onCoverage: (item: EsimGoods) => void;
  onBuy: (item: EsimGoods) => void;
}) {
  const { t, i18n } = useRemoteTranslation();
  const titleId = useId();
  const lang = i18n.language;
  const sale = salePrice(item);
  const price = formatPrice(sale, item.currency, { lang });
  const original = sale < item.price ? formatPrice(item.price, item.currency, { lang }) : null;
  const title = item.main_title || item.name;
  // The validity once, in the page's language, even when the subtitle already says it ('30 days'), with when it starts.
  const validity = [
    item.validity && item.validity !== item.secondary_title ? validityText(item, lang) : '',
    item.validity ? t(`shop.start.${item.validity_start}`) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Product as="article" aria-labelledby={titleId} data-testid={`product-${item.id}`}>
      {item.tag && <Tag style={tagColours(item.tag_background_color, item.tag_words_color)}>{item.tag}</Tag>}
      {/* Product texts come in the server's language: bdi keeps '5 GB' reading right in a right-to-left page. */}
      <Title id={titleId}>
        <bdi>{title}</bdi>
      </Title>
      {(item.secondary_title || validity) && (
        <Small data-testid="product-data">
          <bdi>{[item.secondary_title, validity].filter(Boolean).join(' · ')}</bdi>
        </Small>
      )}
      {item.sub_title && (
        <Small>
          <bdi>{item.sub_title}</bdi>
        </Small>
      )}
      {item.area && (
        <Small data-testid="product-area">
          <bdi>{item.area}</bdi>
        </Small>
      )}
      <Price data-testid="product-price">
        <strong>{price ?? (item.pkg_price_tip || t('shop.free'))}</strong>
        {original && <s aria-label={t('shop.was', { price: original })}>{original}</s>}
      </Price>
      {price && item.pkg_price_tip && <Small>{item.pkg_price_tip}</Small>}
      <ProductActions>
        <Button
          type="button"
          $variant="secondary"
          aria-describedby={titleId}
          data-testid="product-coverage"
          onClick={() => onCoverage(item)}
        >
          {t('shop.coverage')}
        </Button>
        <Button
          type="button"
          disabled={!canBuy}
          aria-describedby={titleId}
          data-testid="product-buy"
          onClick={() => onBuy(item)}
        >
          {t('shop.buy')}
        </Button>
      </ProductActions>
    </Product>
  );
}
