import { getStorage, STORAGE_KEYS, type AgentInfo } from 'shared-contracts';

/** The currency the visitor asked for: the address's ?ccy=, else the one chosen on this device; null when neither. */
export function chosenCurrency(search: URLSearchParams): string | null {
  return search.get('ccy')?.toUpperCase() || getStorage().get(STORAGE_KEYS.CURRENCY_KEY) || null;
}

/** The card page's prices' currency: the visitor's choice, else the card's agent's, else USD. */
export function cardCurrency(search: URLSearchParams, agent: AgentInfo | null): string {
  return chosenCurrency(search) ?? (agent?.ccy || 'USD');
}
