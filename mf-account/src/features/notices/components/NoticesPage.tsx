import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { getStorage, normalizeLanguage, STORAGE_KEYS, type ApiClient } from 'shared-contracts';
import { readNoticeIds, rememberNoticeRead, validIccid } from 'shared-contracts/device';
import { Button, Card, CardList, MessageCard, Muted, VisuallyHidden } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../../lib/remote';
import { getApiClient } from '../../../lib/api-client';
import { loadNotices, openNotice, type Notice } from '../api/notices';
import { NoticeItem } from './NoticeItem';

const Summary = styled(Muted)`
  font-size: ${({ theme }) => theme.font.sm};
  overflow-wrap: anywhere;
`;

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;
const Placeholder = styled.div<{ $w: string; $h: string }>`
  inline-size: ${({ $w }) => $w};
  block-size: ${({ $h }) => $h};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%) 0 0 / 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
const SkeletonCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const EmptyIcon = styled.svg`
  color: ${({ theme }) => theme.color.textMuted};
`;

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: Notice[] };

/**
 * /card/msg: the notices for the card last opened on this device (DEVICE_ITEM_ICCID, or ?iccid=), newest first.
 * Unread ones are marked; a tap shows the whole text and marks it read (the api for an account, this device for a
 * visitor).
 */
export function NoticesPage({ client = getApiClient() }: { client?: ApiClient }) {
  const { t, i18n } = useRemoteTranslation();
  const [search] = useSearchParams();
  const storage = getStorage();
  const iccid = validIccid(search.get('iccid')) ?? validIccid(storage.get(STORAGE_KEYS.DEVICE_ITEM_ICCID));
  const lang = normalizeLanguage(i18n.language);
  const storedCcy = storage.get(STORAGE_KEYS.CURRENCY_KEY);
  const ccy = storedCcy && /^[A-Z]{3}$/.test(storedCcy) ? storedCcy : undefined;

  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [readIds, setReadIds] = useState<Set<number>>(() => readNoticeIds(storage));
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const latest = useRef(0);

  const load = useCallback(async () => {
    const ticket = ++latest.current;
    setState({ status: 'loading' });
    const result = await loadNotices(client, { lang, iccid, ccy });
    if (ticket !== latest.current) return;
    setState(result.ok ? { status: 'ready', list: result.list } : { status: 'error' });
  }, [client, lang, iccid, ccy]);

  useEffect(() => {
    void load();
  }, [load]);

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }), [lang]);

  const toggle = (notice: Notice, unread: boolean) => {
    const opening = !expanded.has(notice.id);
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(notice.id)) next.delete(notice.id);
      else next.add(notice.id);
      return next;
    });
    if (unread) {
      rememberNoticeRead(storage, notice.id);
      setReadIds((current) => new Set(current).add(notice.id));
    }
    if (!opening) return;
    // The detail call marks it read on the api and brings the notice's current whole text.
    void openNotice(client, { id: notice.id, lang, ...(iccid ? { iccid } : {}) }).then((detail) => {
      if (!detail) return;
      setState((current) =>
        current.status === 'ready'
          ? { ...current, list: current.list.map((item) => (item.id === detail.id ? { ...item, ...detail } : item)) }
          : current,
      );
    });
  };

  const labels = { unread: t('notices.unread'), fresh: t('notices.new'), openLink: t('notices.openLink') };

  let body;
  if (state.status === 'loading') {
    body = (
      <div role="status" aria-busy="true" data-testid="notices-loading">
        <VisuallyHidden>{t('notices.loading')}</VisuallyHidden>
        <CardList aria-hidden="true">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <SkeletonCard>
                <Placeholder $w="60%" $h="18px" />
                <Placeholder $w="30%" $h="12px" />
                <Placeholder $w="90%" $h="14px" />
              </SkeletonCard>
            </li>
          ))}
        </CardList>
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <MessageCard role="alert" data-testid="notices-error">
        <p>{t('notices.error')}</p>
        <Button type="button" onClick={() => void load()}>
          {t('notices.retry')}
        </Button>
      </MessageCard>
    );
  } else if (state.list.length === 0) {
    body = (
      <MessageCard data-testid="notices-empty">
        <EmptyIcon width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M18 16V11a6 6 0 1 0-12 0v5l-2 2h16l-2-2ZM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </EmptyIcon>
        <Muted>{t('notices.empty')}</Muted>
      </MessageCard>
    );
  } else {
    const unreadCount = state.list.filter((notice) => !notice.read && !readIds.has(notice.id)).length;
    body = (
      <>
        <Summary aria-live="polite" data-testid="notices-summary">
          {unreadCount > 0 ? t('notices.unreadCount', { count: unreadCount }) : t('notices.allRead')}
          {iccid ? ` · ${t('notices.forCard', { iccid })}` : ''}
        </Summary>
        <CardList data-testid="notices-list">
          {state.list.map((notice) => {
            const unread = !notice.read && !readIds.has(notice.id);
            return (
              <NoticeItem
                key={notice.id}
                notice={notice}
                unread={unread}
                expanded={expanded.has(notice.id)}
                date={dateFormat.format(notice.create * 1000)}
                labels={labels}
                onToggle={() => toggle(notice, unread)}
              />
            );
          })}
        </CardList>
      </>
    );
  }

  return (
    <PageFrame page="notices" title={t('pages.notices.title')} nav="back">
      {body}
    </PageFrame>
  );
}
