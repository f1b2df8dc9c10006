// mf-card/dist/embed.js: the partner embed. One script tag on a partner's page, on any origin:
//
//   <div id="esim-card"></div>
//   <script async src="https://cards.shop.example/embed.js"
//           data-api="https://shop.example/eshop" data-target="#esim-card" data-iccid="8988…"></script>
//
// data-iccid may be left out: the page's ?iccid= is used. data-lang (else the browser's language), data-remotes
// (the shop's remotes manifest, default <shop>/remotes.json) are optional. It is a small federation host of its own
// (it provides the runtime core mf_card's remoteEntry.js uses), loads mf_card/embed from its own origin and mounts
// the card view. When the card view asks for the payment sheet (checkout:open on the bus), it loads
// mf_checkout/CheckoutSheet from the shop's live build; if that cannot be reached, it hands the purchase over to
// the shop's own card page, so the partner page is never a dead end.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { CheckoutRequest, CheckoutSheetModule, EmbedMount, EventBus } from 'shared-contracts';

interface EmbedSettings {
  target: HTMLElement;
  iccid: string | null;
  apiBase: string;
  lang?: string;
  remotesManifest: string;
}

const script = document.currentScript as HTMLScriptElement | null;
const scriptUrl = new URL(script?.src ?? window.location.href);

function settingsFrom(tag: HTMLScriptElement | null): EmbedSettings | null {
  const data = tag?.dataset ?? {};
  const target = document.querySelector<HTMLElement>(data.target ?? '#esim-card');
  if (!target) {
    console.error(`[esim embed] no element matches data-target="${data.target ?? '#esim-card'}"`);
    return null;
  }
  const apiBase = data.api ?? `${scriptUrl.origin}/eshop`;
  return {
    target,
    iccid: data.iccid?.trim() || new URLSearchParams(window.location.search).get('iccid')?.trim() || null,
    apiBase,
    lang: data.lang ?? new URLSearchParams(window.location.search).get('lan') ?? undefined,
    remotesManifest: data.remotes ?? new URL('/remotes.json', apiBase).href,
  };
}

/** The shop's live mf_checkout build, from its remotes manifest (fetched on the first purchase only). */
async function loadCheckoutSheet(settings: EmbedSettings): Promise<CheckoutSheetModule> {
  const response = await fetch(settings.remotesManifest, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${settings.remotesManifest}: HTTP ${response.status}`);
  const manifest = (await response.json()) as { mf_checkout?: string };
  if (!manifest.mf_checkout) throw new Error('the shop lists no mf_checkout');
  registerRemotes([{ name: 'mf_checkout', entry: manifest.mf_checkout }]);
  const module = await loadRemote<CheckoutSheetModule>('mf_checkout/CheckoutSheet');
  if (!module || typeof module.mount !== 'function') throw new Error('mf_checkout/CheckoutSheet is unavailable');
  return module;
}

/** Without the sheet: the shop's card page for this card, with the package chosen. */
function handOver(settings: EmbedSettings, request: CheckoutRequest): void {
  const shop = new URL(settings.apiBase).origin;
  const page = new URL(`/${encodeURIComponent(request.flag)}/${encodeURIComponent(request.iccid ?? '')}`, shop);
  page.searchParams.set('pkg', String(request.goods.id));
  window.location.assign(page.href);
}

function listenForCheckout(bus: EventBus, settings: EmbedSettings): void {
  let sheet: Promise<CheckoutSheetModule> | null = null;
  let unmount: (() => void) | null = null;
  bus.subscribe('checkout:open', (request) => {
    sheet ??= loadCheckoutSheet(settings);
    sheet.then(
      (module) => {
        unmount?.();
        const host = document.createElement('div');
        host.dataset.checkoutHost = 'mf_checkout';
        document.body.append(host);
        const stop = module.mount(host, {
          // The sheet calls the shop's api (and links the shop's agreement pages), not this page's origin.
          request: { ...request, apiBase: request.apiBase ?? settings.apiBase },
          onClose: () => {
            stop();
            host.remove();
            unmount = null;
          },
        });
        unmount = () => {
          stop();
          host.remove();
        };
      },
      (error: unknown) => {
        console.error('[esim embed] the payment sheet is unavailable, continuing on the shop', error);
        sheet = null;
        handOver(settings, request);
      },
    );
  });
}

async function main(): Promise<void> {
  const settings = settingsFrom(script);
  if (!settings) return;
  const { target } = settings;
  if (!settings.iccid) {
    target.dataset.mounted = 'no-iccid';
    return;
  }
  registerRemotes([{ name: 'mf_card', entry: new URL('mf-manifest.json', scriptUrl).href }]);
  try {
    const embed = await loadRemote<{ mount: EmbedMount }>('mf_card/embed');
    if (!embed || typeof embed.mount !== 'function') throw new Error('mf_card/embed is unavailable');
    target.textContent = '';
    embed.mount(target, { iccid: settings.iccid, apiBase: settings.apiBase, lang: settings.lang });
    target.dataset.mounted = 'true';
    // mf_card's mount has created the page's bus (shared-contracts keeps it on globalThis).
    const bus = globalThis.__ESIM_BUS__;
    if (bus) listenForCheckout(bus, settings);
  } catch (error) {
    console.error('[esim embed] could not load the card view', error);
    target.dataset.mounted = 'failed';
  }
}

void main();
