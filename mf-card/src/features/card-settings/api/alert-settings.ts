import { type ApiClient, type CallResponse, type CallResult } from 'shared-contracts';

// The card's alerts (base /eshop/api/v1/card/alerts...): low data and package ending, as card-page notices and e-mails.

/** What the alerts panel shows: thresholds (percent of data left, highest first), expiry, mail, and the mail's address. */
export type AlertSettings = CallResponse<'alertSettings'>;

/** What the owner chooses (setAlertSettings without the ICCID). */
export type AlertChoice = Pick<AlertSettings, 'thresholds' | 'expiry' | 'mail'>;

/** alertSettings: quiet, the panel says itself that they could not be loaded and offers a retry. */
export function loadAlertSettings(client: ApiClient, iccid: string): Promise<CallResult<'alertSettings'>> {
  return client.call('alertSettings', { iccid }, { closeMessage: true });
}

/** setAlertSettings: answers the settings as stored. Failures show the catalogue message (the client's toast). */
export function saveAlertSettings(
  client: ApiClient,
  iccid: string,
  choice: AlertChoice,
): Promise<CallResult<'setAlertSettings'>> {
  // Field by field: the api refuses unknown fields (a settings object carries `email` too).
  const { thresholds, expiry, mail } = choice;
  return client.call('setAlertSettings', { iccid, thresholds, expiry, mail });
}
