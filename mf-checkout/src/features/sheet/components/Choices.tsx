import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { type PayMethod } from 'shared-contracts';
import { VisuallyHidden } from 'shared-contracts/ui';
import { Note, TextLink } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { CardBrands, PayPalMark } from './BrandIcons';

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  legend {
    padding: 0;
    margin-block-end: ${({ theme }) => theme.space.sm};
    font-weight: 600;
  }
`;

const Option = styled.label`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-block-size: ${({ theme }) => theme.touch};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.textMuted};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.color.primaryDark};
    box-shadow: inset 0 0 0 1px ${({ theme }) => theme.color.primaryDark};
  }
  &:has(input:focus-visible) {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  input {
    inline-size: 20px;
    block-size: 20px;
    margin: 0;
    accent-color: ${({ theme }) => theme.color.primaryDark};
  }
  .name {
    flex: 1;
    font-weight: 600;
  }
`;

/** One way to pay: a radio with its name and marks, the whole row its label (a touch-sized target). */
function MethodOption({
  group,
  value,
  chosen,
  onChoose,
  testId,
  children,
}: {
  group: string;
  value: PayMethod;
  chosen: PayMethod;
  onChoose: (method: PayMethod) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Option>
      <input
        type="radio"
        name={group}
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
        data-testid={testId}
      />
      {children}
    </Option>
  );
}

/** Card (with brand marks) or PayPal; PayPal only when the goods, the agent and the pay check all offer it. */
export function MethodChoice({
  method,
  paypal,
  onChange,
}: {
  method: PayMethod;
  paypal: boolean;
  onChange: (method: PayMethod) => void;
}) {
  const { t } = useRemoteTranslation();
  const group = useId();
  return (
    <Group data-testid="checkout-methods">
      <legend>{t('sheet.method')}</legend>
      <MethodOption group={group} value="stripe" chosen={method} onChoose={onChange} testId="checkout-method-card">
        <span className="name">
          {t('sheet.methodCard')}
          <VisuallyHidden> ({t('sheet.cardBrands')})</VisuallyHidden>
        </span>
        <CardBrands />
      </MethodOption>
      {paypal && (
        <MethodOption group={group} value="paypal" chosen={method} onChoose={onChange} testId="checkout-method-paypal">
          <span className="name">PayPal</span>
          <PayPalMark />
        </MethodOption>
      )}
    </Group>
  );
}

const Check = styled.div`
  display: grid;
  grid-template-columns: auto 1fr;
  align-items: center;
  column-gap: ${({ theme }) => theme.space.sm};
  input {
    inline-size: 22px;
    block-size: 22px;
    margin: 11px;
    accent-color: ${({ theme }) => theme.color.primaryDark};
  }
  label {
    min-block-size: ${({ theme }) => theme.touch};
    display: inline-flex;
    align-items: center;
    cursor: pointer;
  }
  > :not(input):not(label) {
    grid-column: 2;
  }
`;

/** A checkbox with its label, and under the label what goes with it (a hint, links, a warning). */
function Tick({
  checked,
  onChange,
  label,
  describedBy,
  testId,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  describedBy?: string;
  testId: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Check>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={describedBy}
        data-testid={testId}
      />
      <label htmlFor={id}>{label}</label>
      {children}
    </Check>
  );
}

const Links = styled.span`
  display: flex;
  flex-wrap: wrap;
  column-gap: ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sm};
`;

/** A link to one of the shop's agreement pages, opened beside the sheet (the purchase stays where it is). */
function AgreementLink({ href, children, testId }: { href: string; children: string; testId: string }) {
  const { t } = useRemoteTranslation();
  return (
    <TextLink href={href} target="_blank" rel="noopener" data-testid={testId}>
      {children}
      <VisuallyHidden> ({t('sheet.newTab')})</VisuallyHidden>
    </TextLink>
  );
}

/** The agreement box: ticked by default; Buy stays disabled until it is ticked (spec section 4). */
export function AgreementCheck({
  agreed,
  onChange,
  agreementUrl,
  renewalUrl,
}: {
  agreed: boolean;
  onChange: (agreed: boolean) => void;
  agreementUrl: string;
  renewalUrl: string;
}) {
  const { t } = useRemoteTranslation();
  return (
    <Tick checked={agreed} onChange={onChange} label={t('sheet.agree')} testId="checkout-agreement">
      <Links>
        <AgreementLink href={agreementUrl} testId="checkout-agreement-link">
          {t('pages.agreement.title')}
        </AgreementLink>
        <AgreementLink href={renewalUrl} testId="checkout-renew-agreement-link">
          {t('pages.renewAgreement.title')}
        </AgreementLink>
      </Links>
    </Tick>
  );
}

/**
 * The auto-renewal tick (packages that can renew). Ticking asks first (OK/Cancel); a mode-2 package keeps it on
 * and says why when unticked.
 */
export function RenewalCheck({
  renewal,
  forced,
  forcedWarning,
  renewPrice,
  onChange,
}: {
  renewal: boolean;
  forced: boolean;
  forcedWarning: boolean;
  renewPrice: string;
  onChange: (next: boolean) => void;
}) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const hint = useId();
  return (
    <Tick checked={renewal} onChange={onChange} label={t('sheet.renewal')} describedBy={hint} testId="checkout-renewal">
      <small id={hint}>
        {renewPrice ? t('sheet.renewalHint', { price: renewPrice }) : t('sheet.renewalHintNoPrice')}
      </small>
      {forced && (
        <Note $tone="warning" role={forcedWarning ? 'alert' : undefined} data-testid="checkout-forced-renewal">
          {tc('first_pay_autorenew')}
        </Note>
      )}
    </Tick>
  );
}
