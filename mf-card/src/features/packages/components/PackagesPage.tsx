import { useSearchParams } from 'react-router-dom';
import {
  DEFAULT_FLAG,
  ERROR_CODES,
  getStorage,
  messageKeyFor,
  NETWORK_ERROR_KEY,
  normalizeLanguage,
  STORAGE_KEYS,
  type PackageRecord,
} from 'shared-contracts';
import { Button, Muted, VisuallyHidden } from 'shared-contracts/ui';
import { PageFrame } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { useRecords, type RecordsState } from '../hooks/use-records';
import { RecordCard } from './RecordCard';
import {
  Centered,
  Count,
  LinkRow,
  Mono,
  PrimaryLink,
  Section,
  SectionEmpty,
  SecondaryLink,
  SkeletonBlock,
  Summary,
} from './styles';

/** Codes a second try can fix (network, system error, rate limit); the others need something else first. */
const RETRYABLE: ReadonlyArray<number> = [-1, ERROR_CODES.SYSTEM_ERROR, ERROR_CODES.HTTP_SERVER_ERROR, 10007];

const cardPath = (iccid: string) => `/${DEFAULT_FLAG}/${encodeURIComponent(iccid)}`;

/** /pkg: the purchased packages of a card (?iccid=…, else the last card page's ICCID), in three sections. */
export function PackagesPage() {
  const { t, i18n } = moreText.useRemoteTranslation();
  const [search] = useSearchParams();
  const poolId = search.get('poolId');
  const iccid = (search.get('iccid') ?? getStorage().get(STORAGE_KEYS.DEVICE_ITEM_ICCID) ?? '').trim() || null;
  const { state, retry } = useRecords(poolId === null ? iccid : null, normalizeLanguage(i18n.language));

  let body;
  if (poolId !== null) {
    // /pkg?poolId= is the shared pool's package list (mf-pool); the shell normally hands it there.
    body = (
      <Centered data-testid="packages-pool">
        <Muted>{t('packages.pool')}</Muted>
        <PrimaryLink to="/eshop/card/list">{t('packages.toList')}</PrimaryLink>
      </Centered>
    );
  } else if (!iccid) {
    body = (
      <Centered data-testid="packages-no-card">
        <Muted>{t('packages.noCard')}</Muted>
        <PrimaryLink to="/">{t('packages.enterCard')}</PrimaryLink>
      </Centered>
    );
  } else {
    body = (
      <>
        <Summary>
          <Muted>
            {t('packages.cardLabel')} <Mono data-testid="packages-iccid">{iccid}</Mono>
          </Muted>
          <LinkRow>
            <SecondaryLink to={cardPath(iccid)} data-testid="packages-back">
              {t('packages.backToCard')}
            </SecondaryLink>
            <PrimaryLink to={`${cardPath(iccid)}?mode=search`}>{t('packages.buy')}</PrimaryLink>
          </LinkRow>
        </Summary>
        <Records state={state} retry={retry} iccid={iccid} />
      </>
    );
  }

  return (
    <PageFrame page="packages" title={t('packages.title')}>
      {body}
    </PageFrame>
  );
}

function Records({ state, retry, iccid }: { state: RecordsState; retry: () => void; iccid: string }) {
  const { t } = moreText.useRemoteTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'loading') {
    return (
      <div aria-busy="true" data-testid="packages-loading" style={{ display: 'grid', gap: 12 }}>
        <VisuallyHidden role="status">{t('packages.loading')}</VisuallyHidden>
        <SkeletonBlock $h={24} style={{ inlineSize: '40%' }} />
        <SkeletonBlock $h={132} />
        <SkeletonBlock $h={132} />
      </div>
    );
  }
  if (state.status === 'failed') {
    const loggedIn = Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));
    const key = state.network ? NETWORK_ERROR_KEY : messageKeyFor(state.code, state.message);
    const forbidden = state.code === ERROR_CODES.FORBIDDEN;
    return (
      <Centered data-testid="packages-error">
        <Muted role="alert">{t(key, { ns: 'common' })}</Muted>
        {forbidden && !loggedIn ? <Muted>{t('packages.loginLine')}</Muted> : null}
        {forbidden && !loggedIn ? <PrimaryLink to="/user/login">{t('packages.login')}</PrimaryLink> : null}
        {state.network || RETRYABLE.includes(state.code) ? (
          <Button type="button" $variant="secondary" onClick={retry}>
            {t('packages.retry')}
          </Button>
        ) : null}
      </Centered>
    );
  }

  const { list1, list2, list3 } = state.groups;
  if (!list1.length && !list2.length && !list3.length) {
    return (
      <Centered data-testid="packages-empty">
        <EmptyArt />
        <Muted>{t('packages.empty')}</Muted>
      </Centered>
    );
  }
  return (
    <>
      <RecordSection
        id="active"
        title={t('packages.sections.active')}
        empty={t('packages.sectionEmpty.active')}
        records={list1}
        iccid={iccid}
      />
      <RecordSection
        id="pending"
        title={t('packages.sections.pending')}
        empty={t('packages.sectionEmpty.pending')}
        records={list2}
        iccid={iccid}
      />
      <RecordSection
        id="stopped"
        title={t('packages.sections.stopped')}
        empty={t('packages.sectionEmpty.stopped')}
        records={list3}
        iccid={iccid}
      />
    </>
  );
}

function RecordSection({
  id,
  title,
  empty,
  records,
  iccid,
}: {
  id: string;
  title: string;
  empty: string;
  records: PackageRecord[];
  iccid: string;
}) {
  const headingId = `packages-${id}-heading`;
  return (
    <Section aria-labelledby={headingId} data-testid={`packages-${id}`}>
      <h2 id={headingId}>
        {title}
        <Count aria-hidden="true">{records.length}</Count>
      </h2>
      {records.length ? (
        records.map((record) => <RecordCard key={record.id} record={record} iccid={iccid} />)
      ) : (
        <SectionEmpty>{empty}</SectionEmpty>
      )}
    </Section>
  );
}

function EmptyArt() {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <rect x="14" y="10" width="44" height="54" rx="8" fill="#E7F8EF" />
      <path d="M24 26h24M24 36h24M24 46h14" stroke="#07C160" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
