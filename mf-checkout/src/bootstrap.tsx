import { createRoot } from 'react-dom/client';
import { dirFor, normalizeLanguage } from 'shared-contracts';
import { StandaloneApp } from './app/standalone';
import { ensureI18n } from './lib/init-i18n';

// The standalone page of this remote (its own origin, no shell): develop and check it alone.
async function start() {
  const lang = normalizeLanguage(new URLSearchParams(window.location.search).get('lan') ?? navigator.language);
  await ensureI18n(lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = dirFor(lang);
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<StandaloneApp />);
}

void start();
