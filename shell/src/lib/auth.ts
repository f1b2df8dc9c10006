import { createContext, useContext } from 'react';
import { type CallResponse } from 'shared-contracts';

// Who is logged in, for every part of the shell. The auth feature's AuthProvider fills it; the chrome and the
// locale feature read it here, so no feature imports another.

export type UserInfo = CallResponse<'getUserInfo'>;

export interface AuthState {
  user: UserInfo | null;
  loggedIn: boolean;
}

export const AuthContext = createContext<AuthState>({ user: null, loggedIn: false });

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
