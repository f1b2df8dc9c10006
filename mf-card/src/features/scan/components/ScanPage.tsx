import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { DEFAULT_FLAG, getBus, getStorage, parseCardInput, STORAGE_KEYS } from 'shared-contracts';
import { Button, Card, Muted } from 'shared-contracts/ui';
import { PageFrame } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { canScanBarcodes } from '../lib/scan-support';
import { SimHolderArt } from './SimHolderArt';

// The camera view and its detector loop: a chunk of its own, fetched when Scan is tapped.
const Scanner = lazy(() => import(/* webpackChunkName: "card-scanner" */ './Scanner'));

/** The example in the placeholder, isolated left to right so its digit groups keep their order in Arabic and Hebrew. */
const EXAMPLE_NUMBER = '\u20668985 2000 0000 0000 001\u2069';

const Hero = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.lg};
  /* Darker than the brand green so white text passes WCAG AA (4.5:1). */
  background: linear-gradient(140deg, #05843f 0%, #047a3d 55%, #035f30 100%);
  color: #fff;
  h2 {
    margin: 0;
    font-size: 24px;
    line-height: 1.25;
  }
  p {
    margin: 0;
    line-height: 1.5;
    opacity: 0.94;
  }
`;
const Eyebrow = styled.span`
  justify-self: start;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: rgba(255, 255, 255, 0.2);
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
`;
const Benefits = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 4px 10px;
    border-radius: ${({ theme }) => theme.radius.pill};
    background: rgba(255, 255, 255, 0.16);
    font-size: ${({ theme }) => theme.font.sm};
  }
`;
const FormCard = styled(Card)`
  margin-block-start: -${({ theme }) => theme.space.xl};
  margin-inline: ${({ theme }) => theme.space.sm};
  position: relative;
`;
const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  label {
    font-weight: 600;
  }
`;
const Input = styled.input`
  min-block-size: 52px;
  box-sizing: border-box;
  inline-size: 100%;
  padding-inline: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  font: inherit;
  font-size: 17px;
  letter-spacing: 0.04em;
  text-align: start;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
  /* A typed number reads left to right, still aligned to the right-to-left page's start side. */
  [dir='rtl'] &[dir='ltr'] {
    text-align: end;
  }
`;
const Small = styled(Muted)`
  font-size: ${({ theme }) => theme.font.sm};
`;
const Or = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  &::before,
  &::after {
    content: '';
    flex: 1;
    border-block-start: 1px solid ${({ theme }) => theme.color.border};
  }
`;
const Find = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space.md};
  }
  li {
    display: grid;
    grid-template-columns: 28px 1fr;
    gap: ${({ theme }) => theme.space.sm};
    line-height: 1.45;
  }
  li > span:first-child {
    inline-size: 28px;
    block-size: 28px;
    display: grid;
    place-items: center;
    border-radius: 50%;
    background: #e7f8ef;
    color: ${({ theme }) => theme.color.primaryDark};
    font-weight: 700;
    font-size: ${({ theme }) => theme.font.sm};
  }
  strong {
    display: block;
  }
`;
const ScannerLoading = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  display: grid;
  place-items: center;
  background: #0b0d10;
  color: #fff;
`;
const Account = styled(Card)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  a {
    flex: none;
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.lg};
    display: inline-flex;
    align-items: center;
    border-radius: ${({ theme }) => theme.radius.pill};
    border: 1px solid ${({ theme }) => theme.color.border};
    color: ${({ theme }) => theme.color.text};
    font-weight: 600;
    text-decoration: none;
  }
  a:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

function Tick() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 12.5l4.5 4.5L19 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
function CameraIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2M7 9v6M10 9v6M13 9v6M16.5 9v6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * / (scan/home): type, paste or scan the number printed on the card; an ICCID opens its card page, an EID its
 * eSIM slot. Scanning is offered where the browser has BarcodeDetector and a camera API.
 */
export function ScanPage() {
  const { t } = moreText.useRemoteTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState('');
  const [scanning, setScanning] = useState(false);
  const [scanSupported] = useState(canScanBarcodes);
  const loggedIn = Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));

  const open = (raw: string) => {
    const parsed = parseCardInput(raw);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    open(value);
  };

  return (
    <PageFrame page="home" title={t('home.title')}>
      <Hero aria-labelledby={`${inputId}-hero`}>
        <Eyebrow>{t('home.eyebrow')}</Eyebrow>
        <h2 id={`${inputId}-hero`}>{t('home.heading')}</h2>
        <p>{t('home.line')}</p>
        <Benefits aria-label={t('home.benefitsLabel')}>
          <li>
            <Tick /> {t('home.benefits.status')}
          </li>
          <li>
            <Tick /> {t('home.benefits.data')}
          </li>
          <li>
            <Tick /> {t('home.benefits.refill')}
          </li>
        </Benefits>
      </Hero>

      <FormCard>
        <Form onSubmit={submit}>
          <label htmlFor={inputId}>{t('scan.label')}</label>
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            dir={value ? 'ltr' : undefined}
            placeholder={t('scan.placeholder', { number: EXAMPLE_NUMBER })}
            aria-describedby={hintId}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-testid="scan-input"
          />
          <Small id={hintId}>{t('scan.hint')}</Small>
          <Button type="submit" data-testid="scan-submit">
            {t('scan.submit')}
          </Button>
          {scanSupported ? (
            <>
              <Or>{t('scan.or')}</Or>
              <Button type="button" $variant="secondary" onClick={() => setScanning(true)} data-testid="scan-camera">
                <CameraIcon />
                {t('scan.open')}
              </Button>
            </>
          ) : null}
        </Form>
      </FormCard>

      <Find aria-labelledby={`${inputId}-find`}>
        <h2 id={`${inputId}-find`}>{t('find.title')}</h2>
        <SimHolderArt label={t('find.figure')} />
        <ol>
          <li>
            <span aria-hidden="true">1</span>
            <span>
              <strong>{t('find.simTitle')}</strong>
              {t('find.sim')}
            </span>
          </li>
          <li>
            <span aria-hidden="true">2</span>
            <span>
              <strong>{t('find.phoneTitle')}</strong>
              {t('find.phone')}
            </span>
          </li>
          <li>
            <span aria-hidden="true">3</span>
            <span>
              <strong>{t('find.esimTitle')}</strong>
              {t('find.esim')}
            </span>
          </li>
        </ol>
      </Find>

      <Account>
        <Muted>{loggedIn ? t('home.myCardsLine') : t('home.loginLine')}</Muted>
        <Link to={loggedIn ? '/eshop/card/list' : '/user/login'}>{loggedIn ? t('home.myCards') : t('home.login')}</Link>
      </Account>

      {scanning ? (
        <Suspense fallback={<ScannerLoading role="status">{t('scan.starting')}</ScannerLoading>}>
          <Scanner
            onClose={() => setScanning(false)}
            onResult={(number) => {
              setValue(number);
              setScanning(false);
              open(number);
            }}
          />
        </Suspense>
      ) : null}
    </PageFrame>
  );
}
