import { getInstance } from '@module-federation/enhanced/runtime';
import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { requestScope, serverDrewWidget } from 'shared-contracts';
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

/** A widget's module: the component, and what its first render needs besides its code (its strings), if anything. */
interface WidgetModule<P> {
  default?: ComponentType<P>;
  prepare?: (lang: string) => Promise<unknown>;
}

/**
 * Loads a widget another remote exposes; anything but a component (failure, offline stand-in) rejects. With `lang`,
 * also what the widget's module says its first render needs (`prepare`: its strings), so it renders without
 * suspending (a page drawn on the server hydrates it in place).
 */
export async function loadWidget<P>(id: WidgetId, lang?: string): Promise<{ default: ComponentType<P> }> {
  const scope = requestScope();
  if (scope) {
    // On the server: from the remote's server build, through the shell's server bundle, for this page only (a
    // remote redeployed meanwhile is the next page's).
    if (!scope.loadWidget) throw new Error(`${id}: no widgets on this server`);
    const module = (await scope.loadWidget(id)) as WidgetModule<P> | null | undefined;
    if (!module || typeof module.default !== 'function') throw new Error(`${id} is unavailable`);
    if (lang && typeof module.prepare === 'function') await module.prepare(lang);
    (scope.readyWidgets ??= new Map()).set(id, module.default);
    return { default: module.default };
  }
  const remote = id.split('/')[0]!;
  // The shell registers the remotes on its own federation instance; the calling remote's module-level instance (if
  // any) does not know the other remotes. Use whichever instance on the page knows the remote.
  const federation =
    getInstance((instance) => instance.options.remotes.some((entry) => entry.name === remote)) ??
    getInstance((instance) => instance.name === 'shell');
  if (!federation) throw new Error(`${id}: no federation instance knows ${remote}`);
  const module = await federation.loadRemote<WidgetModule<P>>(id);
  if (!module || typeof module.default !== 'function') throw new Error(`${id} is unavailable`);
  if (lang && typeof module.prepare === 'function') await module.prepare(lang);
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
  // A widget the page's route loaded before rendering (its prefetch) is drawn on the server, and then by the
  // hydrating render too (the page says which: serverDrewWidget), from its code when it is in, else through the lazy
  // component, whose suspending keeps the server's HTML until the code is in. Any other widget: the stand-in until the
  // page is hydrated (a client-rendered page loads the widget from its first render, as before). After hydrating, the
  // widget takes the stand-in's place in a transition: React renders it in slices once its code is in, and the
  // stand-in stays meanwhile. The tree keeps its shape (Boundary, Suspense, then the stand-in or the widget), so the
  // hydrated stand-in is not drawn again on the way: on the card list, flipping five widgets to a fresh Suspense was
  // one synchronous render and commit of about 100 ms each, with the CPU slowed four times.
  const hydrating = !useIsClient();
  const [drawn] = useState(() => widgetDrawnFirst<P>(id, hydrating));
  // A drawn widget stays as it is: a render with new props before its boundary hydrated (its code still loading)
  // would make React draw it again, from the stand-in.
  const [shown, setShown] = useState(!hydrating || drawn !== null);
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  const Widget = drawn ?? remoteWidget<P>(id);
  // The same tree while nothing it shows changed: the render right after hydrating (useIsClient turns true) must not
  // reach a boundary still waiting for its widget's code, or React draws that widget again from its stand-in.
  return useMemo(
    () => (
      <Boundary fallback={fallback}>
        <Suspense fallback={loading ?? fallback}>{shown ? <Widget {...props} /> : fallback}</Suspense>
      </Boundary>
    ),
    [Widget, shown, props, fallback, loading],
  );
}

/**
 * The widget a first render draws in place of its stand-in: on the server, one the page loaded (noted in the page's
 * seed); hydrating, one the server drew. Null: the stand-in first.
 */
function widgetDrawnFirst<P>(id: WidgetId, hydrating: boolean): ComponentType<P> | null {
  const scope = requestScope();
  if (scope) {
    const ready = scope.readyWidgets?.get(id);
    if (typeof ready !== 'function') return null;
    (scope.widgets ??= new Set()).add(id);
    return ready as ComponentType<P>;
  }
  if (!hydrating || !serverDrewWidget(id)) return null;
  return (loaded.get(id) as ComponentType<P> | undefined) ?? remoteWidget<P>(id);
}

/** Tests: forget the loaded widgets (the next render loads them again). */
export function resetRemoteWidgets(): void {
  cache.clear();
  loaded.clear();
}
