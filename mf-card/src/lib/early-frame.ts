import { REMOTE_UNAVAILABLE_EVENT, dirFor, type Language } from 'shared-contracts';
import { theme } from 'shared-contracts/ui/theme';
import type { EarlyStrings } from './early-strings';
import { EARLY_VIEW_DONE, EARLY_VIEW_ID } from './early-view-id';

// What mf_card's early views (features/card/early-view, features/home/early-view) share: the page frame (PageFrame's
// top bar with the home button and the title) drawn by the early script (src/early-calls.ts) while the page's code
// is still downloading, the strings, and the rules of its life. An early view is a picture of what the page shows
// first (same sizes and colours, theme tokens), laid over the page below the site header, hidden from assistive
// technology (the page underneath says it is loading) and never in the way of a tap. The page takes it away when
// its own view replaces the loading state (dismissEarlyView), or the shell reports mf_card's code unavailable
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
/** The selector every early view's CSS starts from. */
export const EARLY_SELECTOR = `#${EARLY_VIEW_ID}`;
const S = EARLY_SELECTOR;
/** The page layer (below the site header, as the page is) and PageFrame's top bar and body. */
const FRAME_CSS = `${S} .page{position:fixed;inset:${layout.header} 0 0;z-index:30;overflow:hidden;pointer-events:none;
background:${color.background};color:${color.text};font-family:${font.family};font-size:${font.md};line-height:1.45}
${S} *,${S} *::before,${S} *::after{box-sizing:border-box}
${S} .top{display:flex;align-items:center;gap:${space.sm};min-block-size:${layout.pageBar};padding-inline:${space.sm} ${space.lg}}
${S} .home{inline-size:${touch};block-size:${touch};display:inline-grid;place-items:center;flex:none;border-radius:${radius.pill};background:${color.surface};box-shadow:${shadow}}
${S}[dir=rtl] .flip{transform:scaleX(-1)}
${S} .title{margin:0;font-size:${font.xl};line-height:1.2;font-weight:700}
${S} .body{display:grid;gap:${space.lg};padding:0 ${space.lg} ${space.xl}}`;

export const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
export function svgElement(doc: Document, tag: string, attributes: Record<string, string>): SVGElement {
  const node = doc.createElementNS(SVG, tag) as SVGElement;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** An HTML element with a class and text. */
export function elementMaker(doc: Document) {
  return <K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
}

export interface EarlyFrame {
  /** The early view (not in the document yet): the page layer, and whatever else the view adds (a dialog). */
  root: HTMLElement;
  /** The page's body under the top bar. */
  body: HTMLElement;
}

export interface FrameInput {
  lang: Language;
  title: string;
  /** The page's address: PageFrame shows a back button instead of the home button in refill mode (mode=search). */
  search: URLSearchParams;
  /** The view's own CSS (its rules start with EARLY_SELECTOR). */
  css: string;
}

/**
 * The frame of an early view: PageFrame's top bar (home or back button, the title) and its body. Null when the page
 * already has its own view, or a view is drawn.
 */
export function earlyFrame(doc: Document, { lang, title, search, css }: FrameInput): EarlyFrame | null {
  if (doc.documentElement.hasAttribute(EARLY_VIEW_DONE) || doc.getElementById(EARLY_VIEW_ID) || !doc.body) return null;
  const el = elementMaker(doc);
  // A plain container: its layers (the page's, a dialog's) stack with the site's own, as the page's parts do.
  const root = el('div');
  root.id = EARLY_VIEW_ID;
  root.setAttribute('aria-hidden', 'true');
  root.setAttribute('dir', dirFor(lang));
  root.setAttribute('lang', lang);
  const page = el('div', 'page');
  const top = el('div', 'top');
  const nav = el('span', 'home');
  const back = search.get('mode') === 'search';
  const icon = svgElement(doc, 'svg', { width: '24', height: '24', viewBox: '0 0 24 24' });
  // PageFrame's arrow (pointing the reading direction's way) or house.
  if (back) icon.setAttribute('class', 'flip');
  icon.append(
    svgElement(
      doc,
      'path',
      back
        ? { d: 'M15 5l-7 7 7 7', fill: 'none', stroke: 'currentColor', 'stroke-width': '2', 'stroke-linecap': 'round' }
        : {
            d: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
            fill: 'none',
            stroke: 'currentColor',
            'stroke-width': '1.8',
            'stroke-linejoin': 'round',
          },
    ),
  );
  nav.append(icon);
  top.append(nav, el('div', 'title', title));
  const body = el('div', 'body');
  page.append(top, body);
  root.append(el('style', '', `${FRAME_CSS}\n${css}`), page);
  return { root, body };
}

/**
 * Puts the early view on the page until the page takes it away: it also goes when the shell reports mf_card's code
 * unavailable (its notice and Retry must be seen), and after EARLY_VIEW_MAX_MS.
 */
export function presentEarlyView(root: HTMLElement, doc: Document): HTMLElement {
  doc.body.append(root);
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
