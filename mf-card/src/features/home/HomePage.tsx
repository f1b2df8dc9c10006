import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  cardDisplayName,
  esimCardState,
  getStorage,
  isBindableIccid,
  poolDisplayName,
  slotDisplayName,
  statusLabelKey,
  stripWhitespace,
  STORAGE_KEYS,
  type CardListResponse,
  type EidItem,
  type EsimCardInfo,
  type PoolCardInfo,
} from 'shared-contracts';
import { Button, Muted } from 'shared-contracts/ui';
import { PageFrame, useRemoteTranslation } from '../../lib/remote';
import { AddCardSheet } from './AddCardSheet';
import { getCardList, getUnbindList } from './api';
import { BatchBindDialog, SingleBindDialog } from './BindDialogs';
import { RemoteWidget } from './RemoteWidget';
import { SimCard, WidgetFallback } from './SimCard';

const Groups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding: ${({ theme }) => theme.space.lg};
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
const LoginLink = styled(Link)`
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 600;
  text-decoration: none;
  display: inline-flex;
  align-items: center;
`;

type Dialogs =
  { kind: 'none' } | { kind: 'add' } | { kind: 'batch'; iccids: string[] } | { kind: 'single'; iccid: string };

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
  const { t } = useRemoteTranslation();
  const loggedIn = Boolean(getStorage().get(STORAGE_KEYS.RECEIPT));
  const [list, setList] = useState<CardListResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [dialog, setDialog] = useState<Dialogs>({ kind: 'none' });

  const load = useCallback(async () => {
    const result = await getCardList();
    if (result.ok) {
      setList(result.data);
      setFailed(false);
    } else setFailed(true);
  }, []);

  useEffect(() => {
    if (!loggedIn) return;
    let live = true;
    void load();
    void getUnbindList().then((result) => {
      if (!live) return;
      if (result.ok && result.data.list.length) {
        setDialog({ kind: 'batch', iccids: result.data.list });
        return;
      }
      const remembered = stripWhitespace(getStorage().get(STORAGE_KEYS.BIND_ICCID) ?? '');
      if (isBindableIccid(remembered)) setDialog({ kind: 'single', iccid: remembered });
    });
    return () => {
      live = false;
    };
  }, [loggedIn, load]);

  const close = () => {
    if (dialog.kind === 'single') getStorage().remove(STORAGE_KEYS.BIND_ICCID);
    setDialog({ kind: 'none' });
  };
  const bound = () => {
    close();
    void load();
  };

  const title = t('pages.cardList.title');
  if (!loggedIn) {
    return (
      <PageFrame page="cardList" title={title}>
        <Empty>
          <Muted>{t('home.loginLine')}</Muted>
          <LoginLink to="/user/login">{t('home.login')}</LoginLink>
        </Empty>
      </PageFrame>
    );
  }

  const addButton = (
    <Button type="button" onClick={() => setDialog({ kind: 'add' })}>
      <span aria-hidden="true">+</span> {t('home.add.button')}
    </Button>
  );
  const empty = list && !list.eid.length && !list.pool.length && !list.esim.length && !list.card.length;

  return (
    <PageFrame page="cardList" title={title}>
      {list && !empty ? <Toolbar>{addButton}</Toolbar> : null}
      {!list && !failed ? (
        <Empty aria-busy="true">
          <Muted>{t('home.loading')}</Muted>
        </Empty>
      ) : null}
      {failed && !list ? (
        <Empty>
          <Muted role="alert">{t('home.failed')}</Muted>
          <Button type="button" $variant="secondary" onClick={() => void load()}>
            {t('home.retry')}
          </Button>
        </Empty>
      ) : null}
      {empty ? (
        <Empty data-testid="home-empty">
          <Muted>{t('home.empty')}</Muted>
          {addButton}
        </Empty>
      ) : null}
      {list && !empty ? (
        <Groups>
          <GroupOf<EidItem>
            title={t('home.groups.slots')}
            items={list.eid}
            render={(slot, i) => (
              <RemoteWidget
                key={slot.eid}
                id="mf_esim/SlotCard"
                props={{ slot, index: i + 1 }}
                fallback={
                  <WidgetFallback
                    name={slotDisplayName(slot.name, i + 1)}
                    status={statusLabelKey(slot.status)}
                    to={`/esim/${encodeURIComponent(slot.eid)}?mode=search`}
                  />
                }
              />
            )}
          />
          <GroupOf<PoolCardInfo>
            title={t('home.groups.pools')}
            items={list.pool}
            render={(pool, i) => (
              <RemoteWidget
                key={pool.id}
                id="mf_pool/PoolCard"
                props={{ pool, index: i + 1, onChanged: () => void load() }}
                fallback={
                  <WidgetFallback name={poolDisplayName(pool.name, i + 1)} status={statusLabelKey(pool.status_str)} />
                }
              />
            )}
          />
          <GroupOf<EsimCardInfo>
            title={t('home.groups.esims')}
            items={list.esim}
            render={(card) => (
              <RemoteWidget
                key={card.iccid}
                id="mf_esim/EsimCard"
                props={{ card }}
                fallback={
                  <WidgetFallback
                    name={cardDisplayName(card.name, card.iccid, 'esim')}
                    status={esimCardState(card).labelKey}
                    to={`/2/${encodeURIComponent(card.iccid)}?mode=search`}
                  />
                }
              />
            )}
          />
          <GroupOf<EsimCardInfo>
            title={t('home.groups.sims')}
            items={list.card}
            render={(card) => <SimCard key={card.iccid} card={card} />}
          />
        </Groups>
      ) : null}
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
    </PageFrame>
  );
}
