import { type ReactNode } from 'react';
import styled from 'styled-components';

// Card brand and PayPal marks, drawn here (no external images: the page's CSP and offline use). Decorative: the
// method's label names the brands for screen readers.

const Icon = styled.svg`
  block-size: 26px;
  flex: none;
  border-radius: 4px;
  /* Brand words read left to right on every page. */
  direction: ltr;
`;

/** One mark, 26 px high: on the brand's colour (`fill`), or white with a grey outline. */
function Mark({
  brand,
  width = 40,
  fill,
  children,
}: {
  brand: string;
  width?: number;
  fill?: string;
  children: ReactNode;
}) {
  return (
    <Icon
      viewBox={`0 0 ${width} 26`}
      style={{ inlineSize: width }}
      aria-hidden="true"
      focusable="false"
      data-brand={brand}
    >
      {fill ? (
        <rect width={width} height="26" rx="4" fill={fill} />
      ) : (
        <rect x="0.5" y="0.5" width={width - 1} height="25" rx="4" fill="#FFFFFF" stroke="#5B6169" />
      )}
      {children}
    </Icon>
  );
}

/** A brand word in white on the brand's colour. */
function Word({ y, size, italic = false, children }: { y: number; size: number; italic?: boolean; children: string }) {
  return (
    <text
      x="20"
      y={y}
      textAnchor="middle"
      fill="#FFFFFF"
      fontSize={size}
      fontWeight="700"
      fontStyle={italic ? 'italic' : undefined}
    >
      {children}
    </text>
  );
}

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The card brands the card method takes: Visa, Mastercard, American Express, JCB. */
export function CardBrands() {
  return (
    <Row data-testid="card-brands">
      <Mark brand="visa" fill="#1A1F71">
        <Word y={17.5} size={11} italic>
          VISA
        </Word>
      </Mark>
      <Mark brand="mastercard">
        <circle cx="16" cy="13" r="8" fill="#EB001B" />
        <circle cx="24" cy="13" r="8" fill="#F79E1B" />
        <path d="M20 6.1a8 8 0 0 1 0 13.8a8 8 0 0 1 0-13.8z" fill="#FF5F00" />
      </Mark>
      <Mark brand="amex" fill="#1F5FA8">
        <Word y={16.5} size={9}>
          AMEX
        </Word>
      </Mark>
      <Mark brand="jcb">
        <rect x="6" y="4" width="9" height="18" rx="3" fill="#0B4EA2" />
        <rect x="15.5" y="4" width="9" height="18" rx="3" fill="#C8102E" />
        <rect x="25" y="4" width="9" height="18" rx="3" fill="#00843D" />
        <g fill="#FFFFFF" fontSize="8" fontWeight="700" textAnchor="middle">
          <text x="10.5" y="16">
            J
          </text>
          <text x="20" y="16">
            C
          </text>
          <text x="29.5" y="16">
            B
          </text>
        </g>
      </Mark>
    </Row>
  );
}

export function PayPalMark() {
  return (
    <Mark brand="paypal" width={56}>
      <text x="28" y="17" textAnchor="middle" fontSize="11" fontWeight="700" fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#0070BA">Pal</tspan>
      </text>
    </Mark>
  );
}
