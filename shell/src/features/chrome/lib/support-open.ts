// What a 'support:open' leads to. Loaded after the page settled (and on first use), off the card route's
// critical path; once loaded, a tap decides synchronously, so the external chat may open in a new tab.
import { type ApiClient, type EventMap } from 'shared-contracts';
import { validIccid } from 'shared-contracts/device';
import { loadSupportUrl, recordSupportClick } from '../api/support';
import { currentCardIccid } from './card-context';
import { supportLink, validEmail, type SupportSubject } from './support-link';

export type SupportView =
  { kind: 'chat'; subject: SupportSubject } | { kind: 'link'; subject: SupportSubject; url: string };

export interface SupportOpener {
  /** Whether the configured chat is known (open() then decides within the tap). */
  readonly ready: boolean;
  /** Asks the api for the configured chat (once; again after a failure). */
  prepare(): Promise<void>;
  /** Opens the external chat in a new tab (null), or says what the page shows instead. */
  open(request: EventMap['support:open'], accountEmail: string | undefined): SupportView | null;
}

export function createSupportOpener(client: ApiClient): SupportOpener {
  let configured: string | null = null;
  let asking: Promise<void> | null = null;
  return {
    get ready() {
      return configured !== null;
    },
    prepare() {
      if (configured !== null) return Promise.resolve();
      asking ??= loadSupportUrl(client, window.location.href).then((url) => {
        asking = null;
        // An unreachable api is asked again next time; meanwhile the built-in chat keeps what is written.
        configured = url;
      });
      return asking;
    },
    open(request, accountEmail) {
      const email = validEmail(request.email) ?? validEmail(accountEmail);
      // The drawer and other packages may not know the card: the page's (or the device's last) card goes along.
      const iccid = validIccid(request.iccid) ?? currentCardIccid(window.location.pathname);
      const subject: SupportSubject = { ...(email ? { email } : {}), ...(iccid ? { iccid } : {}) };
      if (iccid) recordSupportClick(client, iccid, email);
      const link = supportLink(configured, subject, window.location.origin);
      if (!link) return { kind: 'chat', subject };
      // Browsers allow a new tab only within the tap; when it was blocked, a sheet offers the link instead.
      const tab = window.open(link, '_blank');
      if (!tab) return { kind: 'link', subject, url: link };
      tab.opener = null;
      return null;
    },
  };
}
