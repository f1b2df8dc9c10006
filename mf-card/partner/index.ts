// A partner's page on another origin: no React, no shell, no build-time federation. The federation runtime
// alone loads mf_card's manifest and mounts its card view (mf_card/embed) for the ICCID in the query.
// The runtime core first: mf_card's remoteEntry.js uses the page's copy (built with externalRuntime).
import '@eshop/federation-runtime-provider';
import { createInstance } from '@module-federation/enhanced/runtime';
import type { EmbedMount } from 'shared-contracts';

interface PartnerConfig {
  /** mf-manifest.json of the mf-card build to use (REMOTE_MF_CARD on the partner host). */
  mf_card: string;
  /** The shop's api, e.g. http://localhost:8080/eshop. */
  apiBase: string;
}

const DEFAULTS: PartnerConfig = {
  mf_card: 'http://localhost:8081/mf-manifest.json',
  apiBase: 'http://localhost:8080/eshop',
};

/** The page host's /partner-config.json, then ?manifest= and ?api= in the page's query (handy for testing). */
async function readConfig(params: URLSearchParams): Promise<PartnerConfig> {
  let config = DEFAULTS;
  try {
    const response = await fetch('/partner-config.json', { cache: 'no-cache' });
    if (response.ok) config = { ...DEFAULTS, ...((await response.json()) as Partial<PartnerConfig>) };
  } catch {
    // No config document: the defaults.
  }
  return {
    mf_card: params.get('manifest') ?? config.mf_card,
    apiBase: params.get('api') ?? config.apiBase,
  };
}

function setStatus(text: string) {
  const status = document.getElementById('partner-status');
  if (status) status.textContent = text;
}

async function main() {
  const params = new URLSearchParams(window.location.search);
  const iccid = params.get('iccid')?.trim();
  const slot = document.getElementById('esim-card');
  if (!slot) return;
  if (!iccid) {
    setStatus('Enter the ICCID printed on your SIM card.');
    document.getElementById('partner-form')?.removeAttribute('hidden');
    return;
  }

  const config = await readConfig(params);
  const federation = createInstance({
    name: 'partner_page',
    remotes: [{ name: 'mf_card', entry: config.mf_card }],
  });
  try {
    const embed = await federation.loadRemote<{ mount: EmbedMount }>('mf_card/embed');
    if (!embed) throw new Error('mf_card/embed is empty');
    slot.textContent = '';
    embed.mount(slot, { iccid, apiBase: config.apiBase, lang: params.get('lan') ?? undefined });
    slot.dataset.mounted = 'true';
  } catch (error) {
    console.error('[partner] could not load mf_card', error);
    setStatus('The card view is unavailable right now. Please try again later.');
    slot.dataset.mounted = 'failed';
  }
}

void main();
