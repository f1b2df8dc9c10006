import { getStorage, groupIccid, maskIccid, STORAGE_KEYS, type Language } from 'shared-contracts';
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
import { viewUnboundPath } from '../../lib/unbound-view';
import { BATCH_SHOWN, bindOfferOf, type BindOffer } from './bind-offer';
import type { CardListCalls } from './calls';

// The card list's early view (lib/early-frame): what HomePage shows first, drawn by the early script once the list
// and the unbind check answer: the page frame, its loading line (the list itself waits for the other remotes'
// widgets) and, over it, the dialog offering to bind purchased cards (BindDialogs: the same words, sizes and
// colours), the largest thing a returning buyer sees first.

const { color, font, radius, space, shadow, touch } = theme;
// HomePage's Empty and Muted; shared-contracts' Dialog (centred), BindDialogs' list and Button's look.
const CSS = `${S} .empty{display:grid;justify-items:center;padding:${space.xl};text-align:center}
${S} .muted{margin:0;color:${color.textMuted}}
${S} .backdrop{position:fixed;inset:0;z-index:100;display:flex;align-items:center;justify-content:center;padding-inline:${space.lg};pointer-events:none;
font-family:${font.family};font-size:${font.md};line-height:1.45;text-align:start;background:${color.overlay}}
${S} .dialog{display:flex;flex-direction:column;inline-size:min(100%,380px);max-block-size:90vh;overflow:hidden;border-radius:${radius.lg};background:${color.surface};color:${color.text};box-shadow:${shadow}}
${S} .head{display:flex;align-items:center;gap:${space.sm};padding-block:${space.sm};padding-inline:${space.lg} ${space.sm};border-block-end:1px solid ${color.border}}
${S} .head h2{flex:1;margin:0;font-size:${font.lg}}
${S} .icon{display:inline-grid;place-items:center;flex:none;inline-size:${touch};block-size:${touch}}
${S} .dbody{display:grid;gap:${space.md};padding:${space.lg}}
${S} ul{list-style:none;margin:0;padding:0;display:grid;gap:${space.xs}}
${S} li{display:flex;align-items:center;justify-content:space-between;gap:${space.sm}}
${S} li .icon{color:${color.textMuted}}
${S} .iccid{font-family:ui-monospace,monospace;direction:ltr;unicode-bidi:isolate}
${S} .actions{display:flex;justify-content:flex-end;flex-wrap:wrap;gap:${space.sm}}
${S} .button{display:inline-flex;align-items:center;justify-content:center;gap:${space.sm};min-block-size:${touch};min-inline-size:${touch};padding:0 ${space.lg};border-radius:${radius.pill};border:1px solid transparent;background:${color.primary};color:${color.onPrimary};font-weight:600;text-align:center}
${S} .button.secondary{border-color:${color.border};background:${color.surface};color:${color.text}}`;

export interface EarlyListInput {
  lang: Language;
  strings: EarlyStrings;
  /** The page's address (mode=search: a back button). */
  search: URLSearchParams;
  /** The dialog the page opens on (bind-offer), if any. */
  offer: BindOffer | null;
}

/**
 * Draws the card list's early view (once, unless the page already has its own view); returns it, or null when not
 * drawn. Shows what HomePage shows while its list loads, with the bind dialog `offer` opens.
 */
export function showEarlyListView(input: EarlyListInput, doc: Document = document): HTMLElement | null {
  const t = earlyTranslator(input.strings);
  const frame = earlyFrame(doc, {
    lang: input.lang,
    title: t('card', 'pages.cardList.title'),
    search: input.search,
    css: CSS,
  });
  if (!frame) return null;
  const el = elementMaker(doc);
  const empty = el('div', 'empty');
  empty.append(el('p', 'muted', t('more', 'loading')));
  frame.body.append(empty);

  const { offer } = input;
  if (offer) {
    const icon = (size: string, paths: SVGElement[]) => {
      const box = el('span', 'icon');
      const svg = svgElement(doc, 'svg', { width: size, height: size, viewBox: '0 0 24 24', fill: 'none' });
      svg.append(...paths);
      box.append(svg);
      return box;
    };
    const stroke = { stroke: 'currentColor', 'stroke-width': '2' };
    const button = (text: string, secondary = false) => el('span', secondary ? 'button secondary' : 'button', text);
    const iccid = (text: string) => el('span', 'iccid', text);

    const head = el('div', 'head');
    head.append(
      el('h2', '', t('more', offer.kind === 'batch' ? 'batch.title' : 'single.title')),
      icon('22', [svgElement(doc, 'path', { d: 'M6 6l12 12M18 6 6 18', 'stroke-linecap': 'round', ...stroke })]),
    );
    const body = el('div', 'dbody');
    const actions = el('div', 'actions');
    if (offer.kind === 'batch') {
      const shown = offer.iccids.slice(0, BATCH_SHOWN);
      const list = el('ul');
      for (const card of shown) {
        const row = el('li');
        // BindDialogs' eye: each ICCID is masked until its eye is tapped.
        row.append(
          iccid(maskIccid(card)),
          icon('22', [
            svgElement(doc, 'path', {
              d: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z',
              'stroke-linejoin': 'round',
              ...stroke,
            }),
            svgElement(doc, 'circle', { cx: '12', cy: '12', r: '3', ...stroke }),
          ]),
        );
        list.append(row);
      }
      body.append(
        el('p', 'muted', t('more', 'batch.line')),
        list,
        el('p', 'muted', t('more', 'batch.showing', { shown: shown.length, total: offer.iccids.length })),
      );
      actions.append(button(t('more', 'cancel'), true), button(t('more', 'batch.confirm')));
    } else {
      const line = el('p', 'muted', `${t('more', 'single.line')} `);
      line.append(iccid(groupIccid(offer.iccid)));
      const view = doc.createElement('a');
      view.href = viewUnboundPath(offer.iccid);
      view.textContent = t('more', 'single.view');
      const viewLine = el('p', '', '');
      viewLine.append(view);
      body.append(line, viewLine);
      actions.append(button(t('more', 'cancel'), true), button(t('more', 'single.confirm')));
    }
    body.append(actions);
    const dialog = el('div', 'dialog');
    dialog.append(head, body);
    const backdrop = el('div', 'backdrop');
    backdrop.append(dialog);
    frame.root.append(backdrop);
  }
  return presentEarlyView(frame.root, doc);
}

/**
 * The early script's card list: once the list and the unbind check answer and the strings of the page's language are
 * in, the early view with the bind offer the page will open. Nothing when the list fails (the page reports it).
 */
export async function earlyListView(
  asked: { calls: CardListCalls; lang: Language; search: URLSearchParams },
  loadStrings: (lang: Language) => Promise<EarlyStrings>,
  doc: Document = document,
): Promise<HTMLElement | null> {
  const strings = loadStrings(asked.lang).catch(() => null);
  const [list, unbind] = await Promise.all([asked.calls.list, asked.calls.unbind]);
  if (!list.ok) return null;
  const texts = await strings;
  if (!texts) return null;
  const offer = bindOfferOf(unbind, getStorage().get(STORAGE_KEYS.BIND_ICCID));
  return showEarlyListView({ lang: asked.lang, strings: texts, search: asked.search, offer }, doc);
}
