/** The Facebook-style numeric id the demo provider's /graph/me answers for an account. */
export function facebookId(accountId: string): string;
