import { getInstance } from '@module-federation/enhanced/runtime';
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useIsClient } from './is-client';

// Widgets one remote shows from another, loaded through the page's federation runtime (ARCHITECTURE: no remote
// imports another's source). Its own subpath (shared-contracts/ui/federation): pages that show no foreign widget
// never carry it. The runtime's getInstance(finder) searches every federation instance on the page.

/**
 * Widgets other remotes expose that a remote shows: mf-card (card list home, the card page's shared-plan tab, pay
 * return) and mf-esim (pay return on a slot's page).
 */
export type WidgetId =
  'mf_pool/PoolCard' | 'mf_pool/PoolPlanList' | 'mf_esim/SlotCard' | 'mf_esim/EsimCard' | 'mf_checkout/PayReturn';

// Widgets already loaded (a page may load a widget before it renders it, so that it shows in its first render).
const loaded = new Map<WidgetId, ComponentType<never>>();

/** Loads a widget another remote exposes; anything but a component (failure, offline stand-in) rejects. */
export async function loadWidget<P>(id: WidgetId): Promise<{ default: ComponentType<P> }> {
  const remote = id.split('/')[0]!;
  // The shell registers the remotes on its own federation instance; the calling remote's module-level instance (if
  // any) does not know the other remotes. Use whichever instance on the page knows the remote.
  const federation =
    getInstance((instance) => instance.options.remotes.some((entry) => entry.name === remote)) ??
    getInstance((instance) => instance.name === 'shell');
  if (!federation) throw new Error(`${id}: no federation instance knows ${remote}`);
  const module = await federation.loadRemote<{ default?: ComponentType<P> }>(id);
  if (!module || typeof module.default !== 'function') throw new Error(`${id} is unavailable`);
  loaded.set(id, module.default as ComponentType<never>);
  return { default: module.default };
}

/** A thenable that answers at once: React's lazy then resolves in the same render, without its fallback. */
function answered<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (result: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

const cache = new Map<WidgetId, ComponentType<never>>();

/** A lazy component for the widget, made once per id (so React keeps its state across renders). */
export function remoteWidget<P>(id: WidgetId): ComponentType<P> {
  let widget = cache.get(id) as ComponentType<P> | undefined;
  if (!widget) {
    widget = lazy(() => {
      const ready = loaded.get(id) as ComponentType<P> | undefined;
      return ready ? answered({ default: ready }) : loadWidget<P>(id);
    }) as unknown as ComponentType<P>;
    cache.set(id, widget as ComponentType<never>);
  }
  return widget;
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Shows a federated widget, or `fallback` while it loads (`loading`, when given) or when its remote fails. */
export function RemoteWidget<P extends object>({
  id,
  props,
  fallback,
  loading,
}: {
  id: WidgetId;
  props: P;
  fallback: ReactNode;
  loading?: ReactNode;
}) {
  const Widget = remoteWidget<P>(id);
  // Another remote's code is not on the server, and the hydrating render must equal the server's: the stand-in until
  // the page is hydrated (a client-rendered page loads the widget from its first render, as before). After hydrating,
  // the widget takes the stand-in's place in a transition: React renders it in slices once its code is in, and the
  // stand-in stays meanwhile. The tree keeps its shape (Boundary, Suspense, then the stand-in or the widget), so the
  // hydrated stand-in is not drawn again on the way: on the card list, flipping five widgets to a fresh Suspense was
  // one synchronous render and commit of about 100 ms each, with the CPU slowed four times.
  const hydrating = !useIsClient();
  const [shown, setShown] = useState(!hydrating);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return (
    <Boundary fallback={fallback}>
      <Suspense fallback={loading ?? fallback}>{shown ? <Widget {...props} /> : fallback}</Suspense>
    </Boundary>
  );
}

/** Tests: forget the loaded widgets (the next render loads them again). */
export function resetRemoteWidgets(): void {
  cache.clear();
  loaded.clear();
}
