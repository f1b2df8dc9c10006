import * as React from 'react';
import { lazy } from 'react';
import { registerRuntime, type RemoteRoute } from 'shared-contracts';

// Each page is its own chunk, loaded when its route is visited.
const LoginPage = lazy(() => import('./features/login/components/LoginPage').then((m) => ({ default: m.LoginPage })));
const ThirdPartyCallbackPage = lazy(() =>
  import('./features/login/components/ThirdPartyCallbackPage').then((m) => ({ default: m.ThirdPartyCallbackPage })),
);
const UserInfoPage = lazy(() =>
  import('./features/user-info/components/UserInfoPage').then((m) => ({ default: m.UserInfoPage })),
);
const AboutPage = lazy(() => import('./features/about/components/AboutPage').then((m) => ({ default: m.AboutPage })));
const NoticesPage = lazy(() =>
  import('./features/notices/components/NoticesPage').then((m) => ({ default: m.NoticesPage })),
);

// Proves at run time that this remote runs on the page's one React and one bus.
registerRuntime('mf_account', { react: React });

/** mf_account/routes: the paths of the shell's route table this remote owns. */
const routes: RemoteRoute[] = [
  { path: '/user/login', Component: LoginPage },
  { path: '/user/login/callback', Component: ThirdPartyCallbackPage },
  { path: '/user/info', Component: UserInfoPage },
  { path: '/user/about', Component: AboutPage },
  { path: '/card/msg', Component: NoticesPage },
];

export default routes;
