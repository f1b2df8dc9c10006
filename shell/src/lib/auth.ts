import { createContext, useContext } from 'react';
import { type CallResponse } from 'shared-contracts';

// Who is logged in, for every part of the shell. The auth feature's AuthProvider fills it; the chrome and the
// locale feature read it here, so no feature imports another.

export type UserInfo = CallResponse<'getUserInfo'>;

/** A login a link made on its own (no login was stored): the user has not yet said the account is theirs. */
export interface LinkLogin {
  email: string;
  /** It is mine: the notice goes. */
  keep: () => void;
  /** Not mine: the login ends here and on the server; the page stays, as a visitor. */
  signOut: () => Promise<void>;
}

export interface AuthState {
  user: UserInfo | null;
  loggedIn: boolean;
  linkLogin: LinkLogin | null;
}

export const AuthContext = createContext<AuthState>({ user: null, loggedIn: false, linkLogin: null });

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
