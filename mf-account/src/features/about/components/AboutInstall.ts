import { useCallback, useEffect, useState } from 'react';

// Installing the shop as a web app: the site has a web app manifest and a service worker, so a browser can put it on
// the home screen. Chromium announces that with 'beforeinstallprompt' (kept to be shown on a tap); elsewhere the
// page says where the browser's own command is.

/** Chromium's install prompt (not part of the DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The page runs as the installed app (home screen), not in a browser tab. */
function runsInstalled(): boolean {
  const media = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return media || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export interface WebAppInstall {
  /** Already on the home screen (or just installed from this page). */
  installed: boolean;
  /** The browser offered its install prompt: a tap can show it. */
  canPrompt: boolean;
  /** Shows the browser's install prompt. */
  prompt(): Promise<void>;
}

export function useWebAppInstall(): WebAppInstall {
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);
  // Known in the browser only: the first view (also drawn on the server) assumes a browser tab.
  const [installed, setInstalled] = useState(false);
  useEffect(() => {
    setInstalled(runsInstalled());
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setOffer(null);
    };
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  const prompt = useCallback(async () => {
    if (!offer) return;
    await offer.prompt();
    const choice = await offer.userChoice;
    // A prompt shows once: after it, the browser's menu is the way.
    setOffer(null);
    if (choice.outcome === 'accepted') setInstalled(true);
  }, [offer]);
  return { installed, canPrompt: offer !== null, prompt };
}
