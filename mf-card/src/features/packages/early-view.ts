import { type CallResult, type Language, type PackageRecord } from 'shared-contracts';
import { theme } from 'shared-contracts/ui/theme';
import {
  EARLY_SELECTOR as S,
  earlyFrame,
  earlyTranslator,
  elementMaker,
  presentEarlyView,
} from '../../lib/early-frame';
import type { EarlyStrings } from '../../lib/early-strings';
import { formatDay, formatSeconds } from '../../lib/dates';
import { isUnlimited, recordData, usedPercent } from './lib/format';
import { networkNote, recordBadge, TONE_COLOURS, TONES } from './lib/tones';

// /pkg's early view (lib/early-frame): what PackagesPage shows once the card's records answer, drawn by the early
// script: the card's summary and the three sections of record tiles (RecordCard and RenewalSwitch: the same words,
// sizes and colours), so a phone sees its packages before the page's code has run.

const { color, font, radius, space, shadow, touch } = theme;
const card = `background:${color.surface};border-radius:${radius.lg};box-shadow:${shadow};padding:${space.lg}`;
const button = `display:inline-flex;align-items:center;justify-content:center;gap:${space.sm};min-block-size:${touch};min-inline-size:${touch};padding:0 ${space.lg};border-radius:${radius.pill};border:1px solid transparent;font-weight:600;text-align:center;white-space:nowrap`;
const CSS = `${S} .muted{margin:0;color:${color.textMuted}}
${S} .summary{${card};display:grid;gap:${space.md}}
${S} .mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;direction:ltr;unicode-bidi:isolate;overflow-wrap:anywhere}
${S} .links{display:flex;flex-wrap:wrap;gap:${space.sm}}
${S} .links>*{flex:1 1 140px}
${S} .button{${button};background:${color.primary};color:${color.onPrimary}}
${S} .button.secondary{border-color:${color.border};background:${color.surface};color:${color.text}}
${S} .section{display:grid;gap:${space.md}}
${S} .section h2{margin:0;display:flex;align-items:center;gap:${space.sm};font-size:${font.lg}}
${S} .count{min-inline-size:24px;padding-inline:6px;border-radius:${radius.pill};background:${color.border};color:${color.textMuted};font-size:${font.sm};text-align:center;line-height:22px}
${S} .none{margin:0;padding:${space.lg};border:1px dashed ${color.border};border-radius:${radius.md};color:${color.textMuted};text-align:center}
${S} .tile{${card};display:grid;gap:${space.md};border-inline-start:4px solid #D5D8DD}
${S} .tile h3{margin:0;font-size:${font.md};line-height:1.35;overflow-wrap:anywhere}
${S} .head{display:flex;align-items:flex-start;justify-content:space-between;gap:${space.sm}}
${S} .network{margin:0;justify-self:start;padding-block:2px;padding-inline:${space.sm};border-radius:${radius.sm};font-size:${font.sm};font-weight:600}
${S} .badge{display:inline-flex;align-items:center;flex:none;padding-block:2px;padding-inline:${space.sm};border-radius:${radius.pill};font-size:${font.sm};font-weight:600}
${S} .meter{block-size:8px;border-radius:${radius.pill};background:${color.border};overflow:hidden}
${S} .meter span{display:block;block-size:100%;border-radius:inherit;background:${color.primary}}
${S} dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:${space.xs} ${space.md};font-size:${font.sm}}
${S} dt{color:${color.textMuted}}
${S} dd{margin:0;text-align:end;font-weight:600}
${S} .renewal{display:grid;gap:${space.xs}}
${S} .switch{display:inline-flex;align-items:center;justify-content:space-between;gap:${space.md};min-block-size:${touch};font-weight:600}
${S} .track{position:relative;flex:none;inline-size:48px;block-size:28px;border-radius:14px;background:${color.textMuted}}
${S} .track::after{content:'';position:absolute;inset-block-start:3px;inset-inline-start:3px;inline-size:22px;block-size:22px;border-radius:50%;background:#fff}
${S} .on .track{background:${color.primaryDark}}
${S} .on .track::after{inset-inline-start:23px}
${S} small{color:${color.textMuted};font-size:${font.sm}}
${S} small u{color:${color.primaryDark}}`;

export interface EarlyPackagesInput {
  lang: Language;
  strings: EarlyStrings;
  /** The page's address (mode=search: a back button). */
  search: URLSearchParams;
  iccid: string;
  groups: { list1: PackageRecord[]; list2: PackageRecord[]; list3: PackageRecord[] };
}

/**
 * Draws /pkg's early view (once, unless the page already has its own view); returns it, or null when not drawn.
 * Shows what PackagesPage shows for the same records; nothing for a card without any (the page's empty state).
 */
export function showEarlyPackagesView(input: EarlyPackagesInput, doc: Document = document): HTMLElement | null {
  const { lang, iccid, groups } = input;
  if (!groups.list1.length && !groups.list2.length && !groups.list3.length) return null;
  const t = earlyTranslator(input.strings);
  const more = (key: string, vars?: Record<string, string>) => t('more', `packages.${key}`, vars);
  const frame = earlyFrame(doc, { lang, title: more('title'), search: input.search, css: CSS });
  if (!frame) return null;
  const el = elementMaker(doc);

  const summary = el('div', 'summary');
  const label = el('p', 'muted', `${more('cardLabel')} `);
  label.append(el('span', 'mono', iccid));
  const links = el('div', 'links');
  links.append(el('span', 'button secondary', more('backToCard')), el('span', 'button', more('buy')));
  summary.append(label, links);
  frame.body.append(summary);

  const tile = (record: PackageRecord) => {
    const tone = TONES[record.status_str];
    const unlimited = isUnlimited(record);
    const percent = record.status_str === 'active' && !unlimited ? usedPercent(record) : null;
    const ended = record.status_str === 'stop' || record.status_str === 'invalid';
    const data = recordData(record, more, lang);
    const expiry = record.expire_date ? formatDay(record.expire_date, lang) : '';
    const purchased = formatSeconds(record.create, lang);

    const box = el('div', 'tile');
    if (tone === 'active' || tone === 'pending') box.style.borderInlineStartColor = TONE_COLOURS[tone].color;
    const head = el('div', 'head');
    const shown = recordBadge(record);
    const badge = el('span', 'badge', more(`status.${shown.key}`));
    badge.style.background = TONE_COLOURS[shown.tone].background;
    badge.style.color = TONE_COLOURS[shown.tone].color;
    head.append(el('h3', '', record.name), badge);
    box.append(head);
    const note = networkNote(record);
    if (note) {
      const line = el('p', 'network', more(note.key));
      line.style.background = TONE_COLOURS[note.tone].background;
      line.style.color = TONE_COLOURS[note.tone].color;
      box.append(line);
    }
    if (percent !== null) {
      const meter = el('div', 'meter');
      const fill = el('span');
      fill.style.inlineSize = `${percent}%`;
      meter.append(fill);
      box.append(meter);
    }
    const facts = el('dl');
    if (data) facts.append(el('dt', '', more('data')), el('dd', '', data));
    if (!ended || expiry) {
      facts.append(
        el('dt', '', ended ? more('ended') : expiry ? more('validUntil') : more('validity')),
        el('dd', '', expiry || more('notStarted')),
      );
    }
    if (purchased) facts.append(el('dt', '', more('purchased')), el('dd', '', purchased));
    box.append(facts);
    if (!ended) {
      const renewal = el('div', 'renewal');
      const toggle = el('span', record.renewal ? 'switch on' : 'switch', more('renewalSwitch'));
      toggle.append(el('span', 'track'));
      const note = el('small', '', `${record.renewal ? more('renewalOn') : more('renewalOff')} `);
      note.append(el('u', '', more('renewalAgreement')));
      renewal.append(toggle, note);
      box.append(renewal);
    }
    return box;
  };

  for (const [id, records] of [
    ['active', groups.list1],
    ['pending', groups.list2],
    ['stopped', groups.list3],
  ] as const) {
    const section = el('div', 'section');
    const heading = el('h2', '', more(`sections.${id}`));
    heading.append(el('span', 'count', String(records.length)));
    section.append(heading);
    if (records.length) section.append(...records.map(tile));
    else section.append(el('p', 'none', more(`sectionEmpty.${id}`)));
    frame.body.append(section);
  }
  return presentEarlyView(frame.root, doc);
}

/**
 * The early script's /pkg: once the card's records answer and the strings of the page's language are in, the early
 * view of them. Nothing on a failure (the page reports it) or for a shared plan's address (?poolId=).
 */
export async function earlyPackagesView(
  asked: { records: Promise<CallResult<'pkgRecord'>>; iccid: string; lang: Language; search: URLSearchParams },
  loadStrings: (lang: Language) => Promise<EarlyStrings>,
  doc: Document = document,
): Promise<HTMLElement | null> {
  if (asked.search.get('poolId') !== null) return null;
  const strings = loadStrings(asked.lang).catch(() => null);
  const answer = await asked.records;
  if (!answer.ok) return null;
  const texts = await strings;
  if (!texts) return null;
  return showEarlyPackagesView(
    { lang: asked.lang, strings: texts, search: asked.search, iccid: asked.iccid, groups: answer.data },
    doc,
  );
}
