import { formatPrice } from 'shared-contracts';
import { type MailMessage } from '../../mail';
import { shopPageUrl } from './checkout';

export interface ReceiptOrder {
  id: number;
  package_name: string;
  iccid: string | null;
  /** The agent flag of the order's card (its card page), null for a pool bought without a card. */
  card_flag: string | null;
  /** eSIM shop orders: the slot whose page shows the new profile's activation code. */
  eid: string | null;
  amount: number;
  tax_amount: number;
  currency: string;
  renewal: boolean;
  paid_at: Date | null;
  created_at: Date;
  provider: string;
}

/** The line of a mail that links to the removal page of the visitor's saved method (method-removal.ts). */
const removeMethodLine = (url: string | null | undefined) =>
  url ? ['', `Remove this saved payment method (auto-renew then e-mails you a payment link): ${url}`] : [];

/**
 * The receipt mailed once an order is paid (template 'order', like the resend of sendEmail). `removeMethodUrl`: a
 * visitor's purchase with auto-renewal, paid with a method saved with their e-mail, links to the page that removes it.
 */
export function receiptMail(
  order: ReceiptOrder,
  to: string,
  shopOrigin: string,
  removeMethodUrl?: string | null,
): MailMessage {
  const total = order.amount + order.tax_amount;
  const money = (minor: number) => formatPrice(minor, order.currency) ?? `0 ${order.currency}`;
  const text = [
    `Thank you for your order #${order.id}.`,
    '',
    `Package: ${order.package_name}`,
    ...(order.iccid ? [`Card (ICCID): ${order.iccid}`] : []),
    ...(order.eid ? [`eSIM slot (EID): ${order.eid}`] : []),
    `Price: ${money(order.amount)}`,
    ...(order.tax_amount > 0 ? [`Tax: ${money(order.tax_amount)}`] : []),
    `Total paid: ${money(total)}`,
    `Paid on: ${(order.paid_at ?? order.created_at).toISOString().slice(0, 10)}`,
    `Auto-renew: ${order.renewal ? 'on (you can turn it off on the card page at any time)' : 'off'}`,
    ...removeMethodLine(order.renewal ? removeMethodUrl : null),
    ...(order.provider === 'sandbox' ? ['', 'This was a sandbox (test) payment: no money was taken.'] : []),
    '',
    `${order.eid ? 'Install your eSIM' : order.iccid ? 'Your card page' : 'Your orders'}: ${shopPageUrl(shopOrigin, order)}`,
  ].join('\n');
  return { to, subject: `Your eSIM Shop receipt, order #${order.id}`, text, template: 'order' };
}

export interface RenewalMailFacts {
  packageName: string;
  iccid: string | null;
  total: number;
  currency: string;
  /** When the current period ends (epoch seconds). */
  periodEnd: number;
  /** The card page (or the order records for a pool). */
  pageUrl: string;
}

const day = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);
const amount = (facts: RenewalMailFacts) => formatPrice(facts.total, facts.currency) ?? `0 ${facts.currency}`;
const card = (facts: RenewalMailFacts) => (facts.iccid ? [`Card (ICCID): ${facts.iccid}`] : []);

/**
 * Before each renewal charge (users expect never to be surprised by auto-renewal). `removeMethodUrl`: the visitor's
 * saved method the charge would use, with the page that removes it.
 */
export function renewalReminderMail(facts: RenewalMailFacts, to: string, removeMethodUrl?: string | null): MailMessage {
  const text = [
    `Your package "${facts.packageName}" renews automatically on ${day(facts.periodEnd)}.`,
    '',
    ...card(facts),
    `Amount: ${amount(facts)}, charged to the payment method you used.`,
    '',
    `Not needed any more? Turn auto-renew off for this package before then: ${facts.pageUrl}`,
    ...removeMethodLine(removeMethodUrl),
  ].join('\n');
  return { to, subject: `Your eSIM package renews on ${day(facts.periodEnd)}`, text, template: 'renewal-reminder' };
}

/** The saved method could not be charged without the customer (3-D Secure, a declined or missing card). */
export function renewalPayLinkMail(facts: RenewalMailFacts, to: string, payUrl: string): MailMessage {
  const text = [
    `We could not renew "${facts.packageName}" automatically: your bank or card needs you to confirm the payment.`,
    '',
    ...card(facts),
    `Amount: ${amount(facts)}`,
    '',
    `Pay here (valid for 24 hours): ${payUrl}`,
    `Later, renew from your card page: ${facts.pageUrl}`,
  ].join('\n');
  return { to, subject: 'Please confirm your eSIM renewal', text, template: 'renewal-pay-link' };
}

/** Renewal skipped: it would pass the card's monthly spending cap. */
export function renewalCappedMail(facts: RenewalMailFacts, to: string): MailMessage {
  const text = [
    `"${facts.packageName}" was not renewed: ${amount(facts)} would pass this card's monthly spending cap.`,
    '',
    ...card(facts),
    `Renew or change the cap on your card page: ${facts.pageUrl}`,
  ].join('\n');
  return { to, subject: 'Your eSIM renewal was skipped (spending cap)', text, template: 'renewal-capped' };
}
