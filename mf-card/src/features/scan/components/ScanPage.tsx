import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { DEFAULT_FLAG, getBus, parseCardInput } from 'shared-contracts';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { Button, Card, Muted } from 'shared-contracts/ui';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  label {
    font-weight: 600;
  }
  input {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
    letter-spacing: 0.02em;
  }
`;

/** / (scan/home): type or paste the number printed on the card; an ICCID opens its card page, an EID its slot. */
export function ScanPage() {
  const { t } = useRemoteTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCardInput(value);
    if (!parsed.ok) {
      getBus().publish('toast', { kind: 'error', messageKey: parsed.error });
      return;
    }
    navigate(
      parsed.kind === 'iccid'
        ? `/${DEFAULT_FLAG}/${encodeURIComponent(parsed.value)}`
        : `/esim/${encodeURIComponent(parsed.value)}?mode=search`,
    );
  };

  return (
    <PageFrame page="home" title={t('pages.home.title')}>
      <Card>
        <Form onSubmit={submit}>
          <Muted>{t('pages.home.line')}</Muted>
          <label htmlFor={inputId}>{t('scan.label')}</label>
          <input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('scan.placeholder')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-testid="scan-input"
          />
          <Button type="submit" data-testid="scan-submit">
            {t('scan.submit')}
          </Button>
        </Form>
      </Card>
    </PageFrame>
  );
}
