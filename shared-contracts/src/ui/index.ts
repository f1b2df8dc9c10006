// shared-contracts/ui: the React pieces every remote shares (theme, page frame, placeholders, local toasts, the
// namespace loader, the standalone page). Browser only: the api never imports this entry, and shared-contracts'
// main entry never re-exports it. Nothing here holds state (each remote's set-up lives in its createRemoteUi
// object), so it need not be a federation singleton: each remote bundles the parts it uses. Bus, runtime and other
// singletons are reached through the 'shared-contracts' entry, never by relative path.
export { floatClearance, floatSecondSlot, theme, type Theme } from './theme';
export { Button, buttonLook, type ButtonVariant } from './button';
export { Card, Muted } from './primitives';
export { createRemoteI18n, type Bundle, type BundleLoader, type RemoteI18n } from './i18n';
export { ensureI18n } from './init-i18n';
export { i18nView } from './i18n-view';
export { RemoteContext, useRemote, type PageFrameProps, type RemoteUi } from './remote';
export { RemotePageFrame, createRemoteUi } from './PageFrame';
export { ComingSoon } from './ComingSoon';
export { LocalToasts } from './LocalToasts';
export { RemoteRoutes, StandaloneApp, startStandalone, type StandaloneOptions } from './standalone';
export { Gauge } from './Gauge';
export { CoverageCountries, safeImage } from './coverage';
export { ButtonAnchor, ButtonLink, CardList, MessageCard, VisuallyHidden } from './extras';
export { Actions, DialogActions, ErrorLine, Field, type DialogActionsProps } from './form';
export { SentenceWithNames } from './names';
export {
  CardHead,
  StatusBadge,
  stripUnit,
  OfferTag,
  OfferTile,
  UsageIcons,
  WidgetActions,
  WidgetAmounts,
  WidgetBody,
  WidgetFoot,
  WidgetNameButton,
  WidgetRow,
} from './widget';
export { useIsClient } from './is-client';
