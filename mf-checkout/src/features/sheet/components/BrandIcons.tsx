import styled from 'styled-components';

// Card brand and PayPal marks, drawn here (no external images: the page's CSP and offline use). Decorative: the
// method's label names the brands for screen readers.

const Icon = styled.svg`
  inline-size: 40px;
  block-size: 26px;
  flex: none;
  border-radius: 4px;
  /* Brand words read left to right on every page. */
  direction: ltr;
`;

function Visa() {
  return (
    <Icon viewBox="0 0 40 26" aria-hidden="true" focusable="false" data-brand="visa">
      <rect width="40" height="26" rx="4" fill="#1A1F71" />
      <text x="20" y="17.5" textAnchor="middle" fill="#FFFFFF" fontSize="11" fontWeight="700" fontStyle="italic">
        VISA
      </text>
    </Icon>
  );
}

function Mastercard() {
  return (
    <Icon viewBox="0 0 40 26" aria-hidden="true" focusable="false" data-brand="mastercard">
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#FFFFFF" stroke="#5B6169" />
      <circle cx="16" cy="13" r="8" fill="#EB001B" />
      <circle cx="24" cy="13" r="8" fill="#F79E1B" />
      <path d="M20 6.1a8 8 0 0 1 0 13.8a8 8 0 0 1 0-13.8z" fill="#FF5F00" />
    </Icon>
  );
}

function Amex() {
  return (
    <Icon viewBox="0 0 40 26" aria-hidden="true" focusable="false" data-brand="amex">
      <rect width="40" height="26" rx="4" fill="#1F5FA8" />
      <text x="20" y="16.5" textAnchor="middle" fill="#FFFFFF" fontSize="9" fontWeight="700">
        AMEX
      </text>
    </Icon>
  );
}

function Jcb() {
  return (
    <Icon viewBox="0 0 40 26" aria-hidden="true" focusable="false" data-brand="jcb">
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#FFFFFF" stroke="#5B6169" />
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
    </Icon>
  );
}

const Row = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The card brands the card method takes. */
export function CardBrands() {
  return (
    <Row data-testid="card-brands">
      <Visa />
      <Mastercard />
      <Amex />
      <Jcb />
    </Row>
  );
}

export function PayPalMark() {
  return (
    <Icon viewBox="0 0 56 26" aria-hidden="true" focusable="false" data-brand="paypal" style={{ inlineSize: 56 }}>
      <rect x="0.5" y="0.5" width="55" height="25" rx="4" fill="#FFFFFF" stroke="#5B6169" />
      <text x="28" y="17" textAnchor="middle" fontSize="11" fontWeight="700" fontStyle="italic">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#0070BA">Pal</tspan>
      </text>
    </Icon>
  );
}
