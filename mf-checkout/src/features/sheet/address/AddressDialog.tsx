import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { messageKeyFor, NETWORK_ERROR_KEY, type ApiClient, type Language, type SavedAddress } from 'shared-contracts';
import { postalLabelKey, regionOptions, type AddressField } from 'shared-contracts/validators/address';
import { Button, ErrorLine, Field, Muted } from 'shared-contracts/ui';
import { Dialog } from 'shared-contracts/ui/dialog';
import { Note } from '../../../components/parts';
import { useRemoteTranslation } from '../../../lib/remote';
import { percent } from '../lib/amounts';
import { countryOptions } from './countries';
import { addressErrorKey, useAddressForm, type AddressStart } from './use-address-form';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export interface AddressDialogProps {
  /** The card the address is saved for; without one, the eSIM slot (eSIM shop) the profile is bought for. */
  iccid: string | null;
  eid?: string;
  lang: Language;
  client: ApiClient;
  /** The card's e-mail, to start the form with. */
  email: string;
  /** The buyer's last saved address (the pay check's savedAddress), to start the form with. */
  start?: AddressStart | null;
  /** 'ok' after a successful save: the address with its tax rate goes back to the sheet. */
  onDone: (saved: SavedAddress & { email: string }) => void;
  onCancel: () => void;
}

const REGION_LABELS: Record<string, string> = { US: 'address.state', CA: 'address.province' };

/**
 * The address form dialog (tax rate, spec sections 2, 4 and 5): e-mail, country (named in the reader's language),
 * region (states for US, provinces for CA, free text elsewhere), city, Zip or postal code and address line, each
 * checked on input and on blur, each message naming its field as labelled. A returning buyer's last saved address
 * fills it in. 'save' calls /save/address (for the card, or the eSIM slot's account); the form then locks and the
 * button reads 'ok', which hands the address and its tax rate back.
 */
export default function AddressDialog({
  iccid,
  eid,
  lang,
  client,
  email,
  start,
  onDone,
  onCancel,
}: AddressDialogProps) {
  const { t } = useRemoteTranslation();
  const { t: tc } = useTranslation('common');
  const { form, errors, change, blur, submit } = useAddressForm(email, start);
  const [saved, setSaved] = useState<SavedAddress | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const base = useId();
  const idOf = (field: AddressField) => `${base}-${field}`;
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const regions = regionOptions(form.country);
  const locked = saved !== null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saved) {
      onDone({ ...saved, email: form.email.replace(/\s+/g, '') });
      return;
    }
    if (saving) return;
    const result = submit();
    if (!result.ok) {
      document.getElementById(idOf(result.first))?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    const target = iccid ? { iccid } : eid ? { eid } : {};
    const answer = await client.call('saveAddress', { ...result.value, ...target }, { closeMessage: true });
    setSaving(false);
    if (answer.ok) setSaved(answer.data);
    else setFailure(answer.network ? NETWORK_ERROR_KEY : messageKeyFor(answer.code, answer.message));
  };

  /** One labelled control with its message (aria-describedby, aria-invalid). */
  const field = (name: AddressField, label: string, control: (props: ControlProps) => ReactNode) => {
    const error = errors[name];
    const errorId = `${idOf(name)}-error`;
    return (
      <Field>
        <label htmlFor={idOf(name)}>{label}</label>
        {control({
          id: idOf(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? errorId : undefined,
          'data-testid': `address-${name}`,
          onBlur: () => blur(name),
        })}
        {error && (
          <ErrorLine id={errorId} data-testid={`address-${name}-error`}>
            {tc(addressErrorKey(name, error, form.country))}
          </ErrorLine>
        )}
      </Field>
    );
  };
  const text =
    (name: Exclude<AddressField, 'country'>, maxLength: number, autoComplete: string) => (props: ControlProps) => (
      <input
        {...props}
        type={name === 'email' ? 'email' : 'text'}
        inputMode={name === 'email' ? 'email' : undefined}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={form[name]}
        readOnly={locked}
        onChange={(event) => change(name, event.target.value)}
      />
    );

  return (
    <Dialog
      title={t('address.title')}
      closeLabel={t('sheet.close')}
      onClose={onCancel}
      placement="sheet"
      testId="address-dialog"
    >
      <Form onSubmit={(event) => void save(event)} noValidate>
        <Muted>{t('address.intro')}</Muted>
        {field('email', t('address.email'), text('email', 64, 'email'))}
        {field('country', t('address.country'), (props) => (
          <select
            {...props}
            autoComplete="country"
            value={form.country}
            disabled={locked}
            onChange={(event) => change('country', event.target.value)}
          >
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        ))}
        {field(
          'region',
          t(REGION_LABELS[form.country] ?? 'address.region'),
          regions
            ? (props) => (
                <select
                  {...props}
                  autoComplete="address-level1"
                  value={form.region}
                  disabled={locked}
                  onChange={(event) => change('region', event.target.value)}
                >
                  <option value="">{t('address.choose')}</option>
                  {regions.map((region) => (
                    <option key={region.code} value={region.code}>
                      {region.localizedNames[lang] ?? region.name}
                    </option>
                  ))}
                </select>
              )
            : text('region', 64, 'address-level1'),
        )}
        {field('city', t('address.city'), text('city', 64, 'address-level2'))}
        {field('postalCode', tc(postalLabelKey(form.country)), text('postalCode', 16, 'postal-code'))}
        {field('line1', t('address.line1'), text('line1', 128, 'address-line1'))}
        {saved && (
          <Note role="status" data-testid="address-tax">
            {saved.taxRate > 0 ? t('address.taxRate', { rate: percent(saved.taxRate, lang) }) : t('address.noTax')}
          </Note>
        )}
        {failure && (
          <ErrorLine role="alert" data-testid="address-error">
            {tc(failure)}
          </ErrorLine>
        )}
        <Button type="submit" disabled={saving} aria-busy={saving} data-testid="address-submit">
          {saved ? t('address.ok') : saving ? t('address.saving') : t('address.save')}
        </Button>
      </Form>
    </Dialog>
  );
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-testid': string;
  onBlur: () => void;
}
