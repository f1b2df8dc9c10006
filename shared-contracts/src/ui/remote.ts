import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { type RemoteI18n } from './i18n';

/** Props of a remote's page frame (see PageFrame.tsx). */
export interface PageFrameProps {
  /** data-page: which page of the remote this is. */
  page: string;
  title: string;
  /** Forces the back button ('back') or the home button ('home'); by default back only in refill mode. */
  nav?: 'back' | 'home';
  children: ReactNode;
}

/** One remote's UI set-up: its federation name (data-remote), its translations and its bound page frame. */
export interface RemoteUi extends RemoteI18n {
  /** Federation name: e2e and the shell's tests find this remote's frame by data-remote. */
  readonly REMOTE_NAME: string;
  /**
   * The remote's build label (BUILD_LABEL at its build; '' when unset), shown as data-build on its frames. It comes
   * from the remote's own code: the page frame itself is shared-contracts, whose one copy on the page was built
   * with the shell.
   */
  readonly BUILD: string;
  PageFrame: ComponentType<PageFrameProps>;
}

/** The remote whose page frame is around: ComingSoon and other page parts read the namespace from here. */
export const RemoteContext = createContext<RemoteUi | null>(null);

export function useRemote(): RemoteUi {
  const remote = useContext(RemoteContext);
  if (!remote) throw new Error('shared-contracts/ui: render this inside a remote PageFrame');
  return remote;
}
