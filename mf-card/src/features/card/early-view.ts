import {
  CARD_KIND_PROFILE,
  CARD_KIND_SPEED_LIMITED,
  GAUGE_COLOR,
  REMOTE_UNAVAILABLE_EVENT,
  STATUS_LABELS,
  dirFor,
  expiryText,
  gaugePercent,
  isSuspended,
  statusLabelKey,
  type Language,
} from 'shared-contracts';
import { theme } from 'shared-contracts/ui/theme';
import type { SummaryCard } from './components/CardSummary';
import type { EarlyStrings } from './early-strings';
import { EARLY_VIEW_DONE, EARLY_VIEW_ID } from './early-view-id';
import { currentViewer, opensOnSummary } from './lib/gating';
import { formatMoment } from './lib/updated-at';
import type { CardCalls } from './lib/card-calls';

// The card page's early view: the card summary drawn by the early script (src/early-calls.ts) as soon as get/card
// answers, while the page's code is still downloading, so a phone on a slow roaming link sees its data left and
// expiry first. It is a picture of what the page shows (CardSummary under the page frame's title, same sizes and
// colours), laid over the page below the site header, hidden from assistive technology (the page underneath says
// it is loading) and never in the way of a tap. The page takes it away when its own summary, or anything else,
// replaces the loading state (dismissEarlyView), or when the shell reports mf_card's code unavailable
// (REMOTE_UNAVAILABLE_EVENT); it also goes by itself after EARLY_VIEW_MAX_MS.

/** An early view the page never took away (the page's code failed to load) goes by itself after this long. */
export const EARLY_VIEW_MAX_MS = 15_000;

type Vars = Record<string, string | number>;

function lookup(table: unknown, key: string): string | null {
  let node = table;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/** i18next's way with the early view's strings: the text of `key` in namespace `ns`, with {{name}} filled in. */
export function earlyTranslator(strings: EarlyStrings) {
  return (ns: keyof EarlyStrings, key: string, vars: Vars = {}): string => {
    const text = lookup(strings[ns], key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : whole,
    );
  };
}

const { color, font, layout, radius, space, shadow, touch } = theme;
const S = `#${EARLY_VIEW_ID}`;
const CSS = `${S}{position:fixed;inset:${layout.header} 0 0;z-index:30;overflow:hidden;pointer-events:none;
background:${color.background};color:${color.text};font-family:${font.family};font-size:${font.md};line-height:1.45}
${S} *,${S} *::before,${S} *::after{box-sizing:border-box}
${S} .top{display:flex;align-items:center;gap:${space.sm};min-block-size:${layout.pageBar};padding-inline:${space.sm} ${space.lg}}
${S} .home{inline-size:${touch};block-size:${touch};display:inline-grid;place-items:center;flex:none;border-radius:${radius.pill};background:${color.surface};box-shadow:${shadow}}
${S} .title{margin:0;font-size:${font.xl};line-height:1.2;font-weight:700}
${S} .body{padding:0 ${space.lg} ${space.xl}}
${S} .panel{background:${color.surface};border-radius:${radius.lg};box-shadow:${shadow};padding:${space.lg}}
${S} .head{display:flex;align-items:center;justify-content:space-between;gap:${space.md}}
${S} .name{margin:0;font-size:${font.lg};font-weight:700;overflow-wrap:anywhere}
${S} .status{flex:none;padding:2px ${space.sm};border-radius:${radius.pill};font-size:${font.sm};font-weight:600;color:${color.primaryDark};background:rgba(7,193,96,.12)}
${S} .status.warn{color:${color.danger};background:rgba(229,72,77,.12)}
${S} .line{margin:${space.xs} 0 0;font-size:${font.sm};color:${color.textMuted};font-variant-numeric:tabular-nums}
${S} .line.warn{color:${color.danger}}
${S} .main{display:flex;align-items:center;gap:${space.lg};margin-block:${space.lg}}
${S} .gauge{position:relative;flex:none;inline-size:96px;block-size:96px}
${S} .gauge svg{transform:rotate(-90deg)}
${S} .gauge span{position:absolute;inset:0;display:grid;place-content:center;text-align:center;line-height:1.1}
${S} .gauge b{font-size:${font.xl}}
${S} .gauge small{color:${color.textMuted};font-size:${font.sm}}
${S} .data{display:grid;gap:${space.xs};min-inline-size:0}
${S} .data strong{font-size:calc(${font.xl} * 1.4);line-height:1.2;overflow-wrap:anywhere}
${S} .stats{display:grid;grid-template-columns:repeat(3,1fr);gap:${space.sm};margin:0}
${S} .stats div{display:grid;gap:2px;padding:${space.sm};border-radius:${radius.sm};background:${color.background};text-align:center}
${S} .stats dt{color:${color.textMuted};font-size:${font.sm}}
${S} .stats dd{margin:0;font-weight:600;overflow-wrap:anywhere}`;

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const SVG = 'http://www.w3.org/2000/svg';

export interface EarlyViewInput {
  card: SummaryCard;
  iccid: string;
  lang: Language;
  /** mode=search: the page's title is the refill title. */
  refill: boolean;
  /** The strings of `lang`. */
  strings: EarlyStrings;
}

/**
 * Draws the early view (once, unless the page already has its own view). Shows what CardSummary shows for the same
 * card, by the same rules (shared-contracts' display rules); returns the element, or null when not drawn.
 */
export function showEarlyView(input: EarlyViewInput, doc: Document = document): HTMLElement | null {
  if (doc.documentElement.hasAttribute(EARLY_VIEW_DONE) || doc.getElementById(EARLY_VIEW_ID) || !doc.body) return null;
  const { card, iccid, lang } = input;
  const t = earlyTranslator(input.strings);
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };

  const thirdParty = card.is_third_party === true;
  const percent = card.unlimited ? 100 : gaugePercent(card.total, card.used);
  const showGauge = !thirdParty && (card.unlimited || card.total > 0);
  const expiry = expiryText({ warn: card.warn ?? '', expire_date: card.expire_date });
  const used = thirdParty ? '0' : card.used_str;
  const total = thirdParty ? '0' : card.unlimited ? t('card', 'card.unlimited') : card.total_str;
  const statusKey = thirdParty ? STATUS_LABELS.inventory : statusLabelKey(card.status_str);
  const profile = card.card_kind === CARD_KIND_PROFILE;

  const root = el('div');
  root.id = EARLY_VIEW_ID;
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('dir', dirFor(lang));
  root.setAttribute('lang', lang);
  const style = el('style', '', CSS);

  const top = el('div', 'top');
  const home = el('span', 'home');
  const house = doc.createElementNS(SVG, 'svg');
  house.setAttribute('width', '24');
  house.setAttribute('height', '24');
  house.setAttribute('viewBox', '0 0 24 24');
  const roof = doc.createElementNS(SVG, 'path');
  for (const [name, value] of [
    ['d', 'M4 11l8-7 8 7v9h-5v-6H9v6H4z'],
    ['fill', 'none'],
    ['stroke', 'currentColor'],
    ['stroke-width', '1.8'],
    ['stroke-linejoin', 'round'],
  ] as const)
    roof.setAttribute(name, value);
  house.append(roof);
  home.append(house);
  top.append(home, el('div', 'title', t('card', input.refill ? 'pages.refill.title' : 'pages.card.title')));

  const panel = el('div', 'panel');
  const head = el('div', 'head');
  const name =
    card.name || t('card', profile ? 'card.defaultProfileName' : 'card.defaultName', { tail: iccid.slice(-4) });
  const status = el('span', isSuspended(card.status_str) && !thirdParty ? 'status warn' : 'status');
  status.textContent = t('common', statusKey);
  head.append(el('div', 'name', name), status);

  const kind = el('p', 'line', profile ? `${t('card', 'card.profile')} · ` : '');
  const digits = el('bdi', '', iccid);
  digits.setAttribute('dir', 'ltr');
  kind.append(digits);
  const expiryLine = el(
    'p',
    expiry.warn ? 'line warn' : 'line',
    expiry.warn
      ? t('card', 'card.expireIn', { warn: expiry.text })
      : `${t('card', 'card.expires')}: ${expiry.text || '—'}`,
  );

  const main = el('div', 'main');
  if (showGauge) {
    const gauge = el('div', 'gauge');
    const ring = doc.createElementNS(SVG, 'svg');
    ring.setAttribute('width', '96');
    ring.setAttribute('height', '96');
    ring.setAttribute('viewBox', '0 0 96 96');
    const circle = (stroke: string, dash?: string) => {
      const c = doc.createElementNS(SVG, 'circle');
      for (const [attr, value] of [
        ['cx', '48'],
        ['cy', '48'],
        ['r', String(RADIUS)],
        ['fill', 'none'],
        ['stroke', stroke],
        ['stroke-width', '8'],
      ] as const)
        c.setAttribute(attr, value);
      if (dash) {
        c.setAttribute('stroke-linecap', 'round');
        c.setAttribute('stroke-dasharray', dash);
      }
      return c;
    };
    ring.append(circle(color.border));
    if (percent > 0) ring.append(circle(GAUGE_COLOR, `${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`));
    const figure = el('span');
    figure.append(el('b', '', `${percent}%`), el('small', '', t('card', 'card.gaugeLeft')));
    gauge.append(ring, figure);
    main.append(gauge);
  }
  const data = el('div', 'data');
  data.append(
    el('p', 'line', t('card', 'card.data')),
    el(
      'strong',
      '',
      card.unlimited && !thirdParty ? t('card', 'card.unlimited') : t('card', 'card.dataOf', { used, total }),
    ),
  );
  if (thirdParty) data.append(el('p', 'line', t('card', 'card.thirdPartyNote')));
  if (card.kind === CARD_KIND_SPEED_LIMITED && !thirdParty) {
    data.append(el('p', 'line warn', t('card', 'card.speedLimited')));
  }
  main.append(data);

  const stats = el('dl', 'stats');
  for (const [label, value] of [
    ['card.used', used],
    ['card.total', total],
    ['card.daysLeft', String(thirdParty ? 0 : card.available_days)],
  ] as const) {
    const cell = el('div');
    cell.append(el('dt', '', t('card', label)), el('dd', '', value));
    stats.append(cell);
  }

  panel.append(head, kind, expiryLine, main, stats);
  if (card.usage_updated_at !== null) {
    const time = formatMoment(card.usage_updated_at * 1000, lang);
    panel.append(el('p', 'line', t('card', 'card.updatedAt', { time })));
  }
  const body = el('div', 'body');
  body.append(panel);
  root.append(style, top, body);
  doc.body.append(root);
  // The shell could not load mf_card's code: its notice (and Retry) must be seen.
  const view = doc.defaultView;
  const unavailable = (event: Event) => {
    if ((event as CustomEvent<unknown>).detail !== 'mf_card') return;
    root.remove();
    view?.removeEventListener(REMOTE_UNAVAILABLE_EVENT, unavailable);
  };
  view?.addEventListener(REMOTE_UNAVAILABLE_EVENT, unavailable);
  const timer = setTimeout(() => root.remove(), EARLY_VIEW_MAX_MS);
  // Nothing keeps the page alive for it (Node in tests; the browser does not care).
  (timer as { unref?: () => void }).unref?.();
  return root;
}

/**
 * The early script's card page: once check/card and get/card answer (askCard's calls) and the strings of the page's
 * language are in, the early view of that card when the page will open on its summary. Nothing on a failure: the
 * page reports it.
 */
export async function earlyCardView(
  asked: { calls: CardCalls; iccid: string; lang: Language; search: URLSearchParams },
  loadStrings: (lang: Language) => Promise<EarlyStrings>,
  doc: Document = document,
): Promise<HTMLElement | null> {
  const strings = loadStrings(asked.lang).catch(() => null);
  const [check, answer] = await Promise.all([asked.calls.check, asked.calls.card]);
  if (!check.ok || !answer.ok) return null;
  const card = answer.data;
  if (!opensOnSummary(card, currentViewer(), asked.search)) return null;
  const texts = await strings;
  if (!texts) return null;
  const refill = asked.search.get('mode') === 'search';
  return showEarlyView({ card, iccid: asked.iccid, lang: asked.lang, refill, strings: texts }, doc);
}

/** Once the frame after the view's own is done, where the browser reports no largest paint (or another element was larger). */
const PRESENTED_FALLBACK_MS = 250;

/**
 * Calls `done` once `view` is on the screen: when the browser reports a largest contentful paint inside it (the
 * time the frame was presented, which can come after the frame is drawn), else a little after the next frame.
 */
export function whenPresented(view: HTMLElement, done: () => void): void {
  let finished = false;
  let observer: PerformanceObserver | null = null;
  const finish = () => {
    if (finished) return;
    finished = true;
    observer?.disconnect();
    done();
  };
  try {
    observer = new PerformanceObserver((list) => {
      const inside = list.getEntries().some((entry) => {
        const element = (entry as PerformanceEntry & { element?: Element | null }).element;
        return element ? view.contains(element) : false;
      });
      if (inside) finish();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No largest-contentful-paint entries in this browser.
    observer = null;
  }
  requestAnimationFrame(() => setTimeout(finish, observer ? PRESENTED_FALLBACK_MS : 0));
}
