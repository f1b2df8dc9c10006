import { GAUGE_COLOR, type Language } from 'shared-contracts';
import { theme } from 'shared-contracts/ui/theme';
import {
  EARLY_SELECTOR as S,
  earlyFrame,
  earlyTranslator,
  elementMaker,
  presentEarlyView,
  svgElement,
} from '../../lib/early-frame';
import type { EarlyStrings } from '../../lib/early-strings';
import type { SummaryCard } from './components/CardSummary';
import { currentViewer, opensOnSummary } from './lib/gating';
import { lastSeen } from './lib/last-seen';
import { summaryFacts } from './lib/summary-facts';
import { formatMoment } from './lib/updated-at';
import type { CardCalls } from './lib/card-calls';

// The card page's early view (lib/early-frame): the card summary drawn by the early script as soon as get/card
// answers, so a phone on a slow roaming link sees its data left and expiry first; CardSummary under the page frame's
// title, same sizes and colours.

const { color, font, radius, space, shadow, touch } = theme;
const CSS = `${S} .panel{background:${color.surface};border-radius:${radius.lg};box-shadow:${shadow};padding:${space.lg}}
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
${S} .button{justify-self:start;display:inline-flex;align-items:center;justify-content:center;min-block-size:${touch};min-inline-size:${touch};padding:0 ${space.lg};border-radius:${radius.pill};background:${color.primary};color:${color.onPrimary};font-weight:600;text-align:center}
${S} .stats{display:grid;grid-template-columns:repeat(3,1fr);gap:${space.sm};margin:0}
${S} .stats div{display:grid;gap:2px;padding:${space.sm};border-radius:${radius.sm};background:${color.background};text-align:center}
${S} .stats dt{color:${color.textMuted};font-size:${font.sm}}
${S} .stats dd{margin:0;font-weight:600;overflow-wrap:anywhere}`;

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface EarlyViewInput {
  card: SummaryCard;
  iccid: string;
  lang: Language;
  /** The page's address (mode=search: the refill title and a back button). */
  search: URLSearchParams;
  /** The strings of `lang`. */
  strings: EarlyStrings;
  /** The page shows the card's packages: a card without a data plan offers to choose one (CardSummary's canBuy). */
  canBuy?: boolean;
}

/**
 * Draws the early view (once, unless the page already has its own view). Shows what CardSummary shows for the same
 * card, by the same rules (shared-contracts' display rules); returns the element, or null when not drawn.
 */
export function showEarlyView(input: EarlyViewInput, doc: Document = document): HTMLElement | null {
  const { card, iccid, lang } = input;
  const t = earlyTranslator(input.strings);
  const refill = input.search.get('mode') === 'search';
  const title = t('card', refill ? 'pages.refill.title' : 'pages.card.title');
  const frame = earlyFrame(doc, { lang, title, search: input.search, css: CSS });
  if (!frame) return null;
  const el = elementMaker(doc);

  const facts = summaryFacts(card, lang);
  const { thirdParty, plan, percent, showGauge, expiry, used, statusKey, profile } = facts;
  const total = facts.total ?? t('card', 'card.unlimited');

  const panel = el('div', 'panel');
  const head = el('div', 'head');
  const name =
    card.name || t('card', profile ? 'card.defaultProfileName' : 'card.defaultName', { tail: iccid.slice(-4) });
  const status = el('span', facts.warning ? 'status warn' : 'status');
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
    const ring = svgElement(doc, 'svg', { width: '96', height: '96', viewBox: '0 0 96 96' });
    const circle = (stroke: string, dash?: string) =>
      svgElement(doc, 'circle', {
        cx: '48',
        cy: '48',
        r: String(RADIUS),
        fill: 'none',
        stroke,
        'stroke-width': '8',
        ...(dash ? { 'stroke-linecap': 'round', 'stroke-dasharray': dash } : {}),
      });
    ring.append(circle(color.border));
    if (percent > 0) ring.append(circle(GAUGE_COLOR, `${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`));
    const figure = el('span');
    figure.append(el('b', '', `${percent}%`), el('small', '', t('card', 'card.gaugeLeft')));
    gauge.append(ring, figure);
    main.append(gauge);
  }
  const data = el('div', 'data');
  if (plan === 'data') {
    data.append(el('p', 'line', t('card', 'card.data')), el('strong', '', t('card', 'card.dataOf', { used, total })));
  } else if (plan === 'unlimited') {
    data.append(
      el('p', 'line', t('card', 'card.unlimitedPlan')),
      el('strong', '', t('card', 'card.usedAmount', { used })),
    );
  } else if (plan === 'none') {
    data.append(el('strong', '', t('card', facts.noPlanKey)));
    if (input.canBuy) data.append(el('span', 'button', t('card', 'pkg.choose')));
  }
  if (thirdParty) data.append(el('p', 'line', t('card', 'card.thirdPartyNote')));
  if (facts.speedLimited) {
    data.append(el('p', 'line warn', t('card', 'card.speedLimited')));
  }
  main.append(data);

  panel.append(head, kind, expiryLine, main);
  if (facts.showStats) {
    const stats = el('dl', 'stats');
    for (const [label, value] of [
      ['card.used', used],
      ['card.total', total],
      ['card.daysLeft', facts.days],
    ] as const) {
      const cell = el('div');
      cell.append(el('dt', '', t('card', label)), el('dd', '', value));
      stats.append(cell);
    }
    panel.append(stats);
  }
  frame.body.append(panel);
  const updatedAt = card.usage_updated_at;
  if (updatedAt !== null || (card.last_seen_country && card.last_seen_at)) {
    // The last lines in a task of their own: a language's first date format (Intl) costs a phone tens of
    // milliseconds, which the data left and expiry above need not wait for. They end the panel: nothing moves.
    setTimeout(() => {
      if (updatedAt !== null) {
        const time = formatMoment(updatedAt * 1000, lang);
        panel.append(el('p', 'line', t('card', 'card.updatedAt', { time })));
      }
      const seen = lastSeen(card, lang);
      if (seen) panel.append(el('p', 'line', t('card', 'card.lastSeen', seen)));
    }, 0);
  }
  return presentEarlyView(frame.root, doc);
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
  // opensOnSummary: a gate under which the page lists the card's packages (not another account's card).
  return showEarlyView(
    { card, iccid: asked.iccid, lang: asked.lang, search: asked.search, strings: texts, canBuy: true },
    doc,
  );
}
