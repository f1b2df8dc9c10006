import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  CARD_LIST_ACTIVITY_POSITION,
  cardDisplayName,
  esimCardState,
  getStorage,
  isUserGivenName,
  peekInitialResult,
  poolDisplayName,
  slotDisplayName,
  statusLabelKey,
  STORAGE_KEYS,
  subscribe,
  useInitialCall,
  type CallResult,
  type CardListResponse,
  type EidItem,
  type EsimCardInfo,
  type PoolCardInfo,
} from 'shared-contracts';
import { Button, buttonLook, type ButtonVariant, Muted } from 'shared-contracts/ui';
import { ActivityPopup } from '../../components/activities/ActivityPopup';
import { BannerCarousel } from '../../components/activities/BannerCarousel';
import { FloatGift, FloatingStack, SupportButton } from '../../components/activities/FloatingButtons';
import { useActivities } from '../../components/activities/use-activities';
import { PageFrame, useRemoteTranslation } from '../../lib/remote';
import { pendingPurchasePath } from '../../lib/pending-goods';
import { moreText } from '../../lib/text-more';
import { AddCardSheet } from './AddCardSheet';
import { getCardList, getUnbindList } from './api';
import { BatchBindDialog, SingleBindDialog } from './BindDialogs';
import { bindOfferOf, offerAfterBatch, type BindOffer } from './bind-offer';
import { RemoteWidget } from 'shared-contracts/ui/federation';
import { loadListWidgets } from './widgets';
import { SimCard, WidgetFallback } from './SimCard';

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
`;
const Top = styled.div`
  padding-inline: ${({ theme }) => theme.space.lg};
  padding-block-start: ${({ theme }) => theme.space.lg};
`;
/** Keeps the last card clear of the floating buttons. */
const Page = styled.div`
  padding-block-end: 152px;
`;
const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.md};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  padding-inline: ${({ theme }) => theme.space.lg};
  padding-block-start: ${({ theme }) => theme.space.lg};
`;
const Empty = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;
const LoginLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

type Dialogs = { kind: 'none' } | { kind: 'add' } | BindOffer;

function GroupOf<T>({
  title,
  items,
  render,
}: {
  title: string;
  items: T[];
  render: (item: T, i: number) => ReactNode;
}) {
  if (!items.length) return null;
  return (
    <Group aria-label={title} data-group="">
      <h2>{title}</h2>
      {items.map(render)}
    </Group>
  );
}

/** /eshop/card/list: the user's eSIM slots, shared plans, eSIMs and SIM cards, with Add and bind dialogs. */
export function HomePage() {
  const { t: pageText } = useRemoteTranslation();
  const { t, i18n } = moreText.useRemoteTranslation();
  const navigate = useNavigate();
  const loggedIn = Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));
  // The shell loads the user's e-mail after the receipt arrives (access_token links): follow it on the bus.
  const [email, setEmail] = useState(() => getStorage().get(STORAGE_KEYS.USER_EMAIL));
  // Server-side rendering: the list may have come with the page (its answer in the page, its other remotes' widgets
  // drawn with it: RemoteWidget). The first load below then takes that answer, the same object, so setting it again
  // changes nothing (a widget not hydrated yet that got new props would be drawn again by React, stand-in first).
  const [list, setList] = useInitialCall<CardListResponse | null>(
    'cardList',
    () => {
      const seeded = loggedIn ? peekInitialResult('getCardList', {}) : null;
      return seeded?.ok ? seeded.data : null;
    },
    null,
  );
  const [failed, setFailed] = useState(false);
  // The offer of purchased cards to bind opens with the page when the page came with the unbind check (rendered on
  // the server: the dialog is in its HTML). Only what the server knew: the card remembered on this device (a single
  // offer) is offered by the check's effect below, as without server rendering.
  const [dialog, setDialog] = useState<Dialogs>(() => {
    const seeded = loggedIn ? peekInitialResult('getUnbindList', {}) : null;
    return (seeded && bindOfferOf(seeded, null)) ?? { kind: 'none' };
  });
  // Bumped when another account takes over (the user chose to switch on an access_token link): its own list.
  const [account, setAccount] = useState(0);
  const accountId = useRef(getStorage().get(STORAGE_KEYS.USER_ID));
  useEffect(
    () =>
      subscribe('auth:changed', (user) => {
        setEmail(user?.email ?? null);
        const next = user ? String(user.userId) : null;
        const previous = accountId.current;
        accountId.current = next;
        if (previous === null || next === null || next === previous) return;
        setList(null);
        setFailed(false);
        setDialog({ kind: 'none' });
        setAccount((n) => n + 1);
      }),
    [setList],
  );
  // Pop-ups wait until the bind check answered, so they never open under (or over) a bind dialog.
  const [bindChecked, setBindChecked] = useState(!loggedIn);
  // The last card page's ICCID (if any) lets the server pick its agent's adverts.
  const [deviceIccid] = useState(() => getStorage().get(STORAGE_KEYS.DEVICE_ITEM_ICCID));
  const activities = useActivities({ iccid: deviceIccid, position: CARD_LIST_ACTIVITY_POSITION });

  // The widgets' strings are loaded in the page's language at the time (a change of language does not reload the list).
  const language = useRef(i18n.language);
  language.current = i18n.language;
  // The list shows with its widgets (loadListWidgets), as a transition: it renders in slices, so what arrives meanwhile
  // (the unbind check, taps) is handled.
  const show = useCallback(
    async (result: CallResult<'getCardList'>) => {
      if (result.ok) await loadListWidgets(result.data, language.current);
      startTransition(() => {
        if (result.ok) {
          setList(result.data);
          setFailed(false);
        } else setFailed(true);
      });
    },
    [setList],
  );
  const load = useCallback(async () => show(await getCardList()), [show]);
  // A pool created, paid, renamed, joined, left or deleted (on this page or a pool screen): the list shows it.
  useEffect(() => {
    if (!loggedIn) return undefined;
    return subscribe('pool:changed', () => void load());
  }, [loggedIn, load]);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    // The first list and unbind check were usually asked while the page started (mf_card/routes' prefetch): the api
    // client hands those answers over.
    void getCardList().then(show);
    void getUnbindList().then((result) => {
      if (!live) return;
      // The offer to bind never takes the place of a dialog the user opened meanwhile (the list shows before this
      // check answers, so Add may already be open); it comes again on the next visit. A transition, as the list's.
      const offer = bindOfferOf(result, getStorage().get(STORAGE_KEYS.BIND_ICCID));
      startTransition(() => {
        setBindChecked(true);
        if (offer) setDialog((current) => (current.kind === 'none' ? offer : current));
      });
    });
    return () => {
      live = false;
    };
  }, [loggedIn, show, account]);

  // After the batch, the card opened last (when not in it) is offered too; declining the single offer forgets it.
  const close = () => {
    const storage = getStorage();
    if (dialog.kind === 'single') storage.remove(STORAGE_KEYS.BIND_ICCID);
    const next = dialog.kind === 'batch' ? offerAfterBatch(dialog.iccids, storage.get(STORAGE_KEYS.BIND_ICCID)) : null;
    setDialog(next ?? { kind: 'none' });
  };
  const bound = () => {
    const cards = dialog.kind === 'single' ? [dialog.iccid] : dialog.kind === 'batch' ? dialog.iccids : [];
    close();
    // A purchase that waited for the login and this binding goes on, on its card page (which reopens the sheet).
    const waiting = pendingPurchasePath(cards);
    if (waiting) navigate(waiting);
    else void load();
  };

  const title = pageText('pages.cardList.title');
  const promotions = activities.banners.length ? (
    <Top>
      <BannerCarousel banners={activities.banners} position={CARD_LIST_ACTIVITY_POSITION} />
    </Top>
  ) : null;
  const floating = (
    <>
      <ActivityPopup popups={activities.popups} ready={activities.loaded && bindChecked && dialog.kind === 'none'} />
      <FloatingStack>
        <FloatGift items={activities.floats} />
        <SupportButton email={email} />
      </FloatingStack>
    </>
  );
  const empty = list && !list.eid.length && !list.pool.length && !list.esim.length && !list.card.length;
  // The cards, made again only when the list or the language changes: the pop-ups, banners and dialogs that arrive
  // after the page draws do not render every card again.
  const groups = useMemo(
    () =>
      list && !empty ? (
        <Groups>
          <GroupOf<EidItem>
            title={t('groups.slots')}
            items={list.eid}
            render={(slot, i) => (
              <RemoteWidget
                key={slot.eid}
                id="mf_esim/SlotCard"
                props={{ slot, index: i + 1 }}
                fallback={
                  <WidgetFallback
                    name={slotDisplayName(slot.name, i + 1, t)}
                    keepName={isUserGivenName(slot.name)}
                    status={statusLabelKey(slot.status)}
                    to={`/esim/${encodeURIComponent(slot.eid)}?mode=search`}
                  />
                }
              />
            )}
          />
          <GroupOf<PoolCardInfo>
            title={t('groups.pools')}
            items={list.pool}
            render={(pool, i) => (
              <RemoteWidget
                key={pool.id}
                id="mf_pool/PoolCard"
                props={{ pool, index: i + 1 }}
                fallback={
                  <WidgetFallback
                    name={poolDisplayName(pool.name, i + 1, t)}
                    keepName={isUserGivenName(pool.name)}
                    status={statusLabelKey(pool.status_str)}
                  />
                }
              />
            )}
          />
          <GroupOf<EsimCardInfo>
            title={t('groups.esims')}
            items={list.esim}
            render={(card) => (
              <RemoteWidget
                key={card.iccid}
                id="mf_esim/EsimCard"
                props={{ card }}
                fallback={
                  <WidgetFallback
                    name={cardDisplayName(card.name, card.iccid, 'esim')}
                    keepName
                    status={esimCardState(card).labelKey}
                    to={`/2/${encodeURIComponent(card.iccid)}?mode=search`}
                  />
                }
              />
            )}
          />
          <GroupOf<EsimCardInfo>
            title={t('groups.sims')}
            items={list.card}
            render={(card) => <SimCard key={card.iccid} card={card} />}
          />
        </Groups>
      ) : null,
    [list, empty, t],
  );
  if (!loggedIn) {
    return (
      <PageFrame page="cardList" title={title}>
        <Page>
          {promotions}
          <Empty>
            <Muted>{t('loginLine')}</Muted>
            <LoginLink to="/user/login">{t('login')}</LoginLink>
          </Empty>
        </Page>
        {floating}
      </PageFrame>
    );
  }

  const addButton = (
    <Button type="button" onClick={() => setDialog({ kind: 'add' })}>
      <span aria-hidden="true">+</span> {t('add.button')}
    </Button>
  );
  return (
    <PageFrame page="cardList" title={title}>
      {/* The dialogs first: a bind offer the server drew (in place, over the page) comes in the HTML's first bytes,
          so a slow phone paints it with the page's first paint rather than after parsing the whole list. */}
      {dialog.kind === 'add' ? (
        <AddCardSheet
          onClose={close}
          onAdded={() => {
            close();
            void load();
          }}
        />
      ) : null}
      {dialog.kind === 'batch' ? <BatchBindDialog iccids={dialog.iccids} onClose={close} onBound={bound} /> : null}
      {dialog.kind === 'single' ? <SingleBindDialog iccid={dialog.iccid} onClose={close} onBound={bound} /> : null}
      <Page>
        {promotions}
        {list && !empty ? <Toolbar>{addButton}</Toolbar> : null}
        {!list && !failed ? (
          <Empty aria-busy="true">
            <Muted>{t('loading')}</Muted>
          </Empty>
        ) : null}
        {failed && !list ? (
          <Empty>
            <Muted role="alert">{t('failed')}</Muted>
            <Button type="button" $variant="secondary" onClick={() => void load()}>
              {t('retry')}
            </Button>
          </Empty>
        ) : null}
        {empty ? (
          <Empty data-testid="home-empty">
            <Muted>{t('empty')}</Muted>
            {addButton}
          </Empty>
        ) : null}
        {groups}
      </Page>
      {floating}
    </PageFrame>
  );
}
