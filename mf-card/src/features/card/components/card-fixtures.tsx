// Test fixtures of the card page: a bound demo-like card, packages and the api answers the page asks for.
import { useLocation } from 'react-router-dom';
import { type Card, type NewPackage } from 'shared-contracts';
import { type CallStubs, type RenderRemoteOptions } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { CardPage } from './CardPage';

export const ICCID = '89880000000000000001';
export const card: Card = {
  iccid: ICCID,
  name: 'Travel SIM',
  status_str: 'Activated',
  expire_date: '2026-12-12',
  available_days: 21,
  used_str: '5GB',
  total_str: '20GB',
  used: 5120,
  total: 20480,
  usage_updated_at: 1_790_000_000,
  card_email: 'me@example.com',
  kind: 1,
  renewal: false,
  create: null,
  show_alert: false,
  unlimited: false,
  in_agent: false,
  agent_version: 2,
  card_kind: 1,
  user_id: 7,
  show_share_plan: false,
  hasKeys: false,
};

export function pkg(overrides: Partial<NewPackage>): NewPackage {
  return {
    id: 1,
    name: 'Europe 5GB',
    mode: 1,
    price: 1999,
    discount_price: 0,
    renew_price: 0,
    currency: 'EUR',
    currency_symbol: '€',
    taxRate: 0,
    category: 'Europe',
    tag: '',
    tag_background_color: '',
    tag_words_color: '',
    left_tag: '',
    main_title: 'Europe 5GB',
    secondary_title: '',
    sub_title: '',
    pkg_style_icon: '',
    pkg_price_tip: '',
    subscribe_tips: '',
    pkg_type_id: 3,
    renewal: false,
    area: 'Europe (33 countries)',
    validity: '30 days',
    validity_start: 'first_use',
    ...overrides,
  };
}

export const europe = pkg({
  id: 1,
  price: 1999,
  discount_price: 1499,
  renew_price: 1799,
  renewal: true,
  tag: 'Hot',
  tag_background_color: '#FF0000',
  tag_words_color: '#FFFFFF',
  left_tag: '-25%',
  secondary_title: '5GB high speed',
  pkg_price_tip: 'Best value',
  subscribe_tips: 'Cancel any time',
});
export const asia = pkg({ id: 2, main_title: 'Asia 1GB', category: 'Asia', price: 0, pkg_price_tip: 'Trial' });
export const gift = pkg({ id: 3, main_title: 'Gift 100MB', category: 'Asia', price: 0 });

/** The calls the card page makes for a card without notices or activities. */
export function answers(cardOverrides: Partial<Card> = {}): CallStubs {
  return {
    checkCard: { flag: '2', iccid: ICCID },
    getAgent: { flag: '2', paypal: true, ccy: 'EUR', lang: 'en' },
    getCard: { ...card, ...cardOverrides },
    getPkg: {
      list: [],
      newList: [europe, asia, gift],
      recommendList: [],
      typeList: ['All', 'Europe', 'Asia'],
    },
    checkNotice: { notice: null, list: [], unread: 0 },
    getActivityList: {},
  };
}

/**
 * renderRemote options of the card page at `route`, its location shown in data-testid="location". Only the 'card'
 * namespace is loaded up front, as on a real first view: dialogs fetch 'cardMore' themselves.
 */
export function cardRoute(route = `/2/${ICCID}`, lang = 'en'): RenderRemoteOptions {
  return { route, path: '/:flag/:iccid', showLocation: true, i18n: { lang, namespaces: [remote] } };
}

/** The card page, or nothing after leaving for another page such as /user/login (which '/:flag/:iccid' matches). */
export function Page() {
  const { pathname } = useLocation();
  return pathname.startsWith('/user/') ? null : <CardPage />;
}

/** What the card page hands mf_checkout's pay return widget (its './PayReturn' expose). */
export interface PayReturnSeen {
  iccid: string;
  orderId: string | null;
  stored: { order_id?: string } | null;
  lang: string;
  /** Only when the page passes one (returnType=fail). */
  returnType?: string;
}

/**
 * A stand-in for mf_checkout/PayReturn (tests load it through a mocked federation runtime): it shows what it was
 * handed and has buttons for its three callbacks. `seen` collects the props of each render.
 */
export function fakePayReturn(seen: PayReturnSeen[]) {
  return function FakePayReturn(
    props: PayReturnSeen & {
      onClose: () => void;
      onEmail: (orderId: string) => void;
      onPaid: () => void;
    },
  ) {
    seen.push({
      iccid: props.iccid,
      orderId: props.orderId,
      stored: props.stored,
      lang: props.lang,
      ...(props.returnType ? { returnType: props.returnType } : {}),
    });
    return (
      <div role="dialog" aria-label="Pay return" data-testid="paid-dialog">
        <button type="button" onClick={props.onPaid}>
          paid
        </button>
        <button type="button" data-testid="paid-email" onClick={() => props.onEmail(props.orderId ?? '')}>
          e-mail
        </button>
        <button type="button" onClick={props.onClose}>
          close
        </button>
      </div>
    );
  };
}
