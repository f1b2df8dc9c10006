// Values that differ between the server and the browser (is this the browser? which time zone?), and the render that
// hydrates the server's HTML, which must draw what the server drew. useSyncExternalStore gives the server's value in
// that render, then finds the browser's differs and draws those components again at once, synchronously, in the task
// that ran the effects: on the card list with the CPU slowed nine times (a phone on a slow day) that forced render was
// 78 ms of one 132 ms task. Here the browser's value waits until the hydrated page has run its effects, and then
// every component that showed the server's value draws again in one transition: in slices, between which the page
// answers a tap.
import { startTransition, useEffect, useReducer, useSyncExternalStore } from 'react';

/**
 * False from beginHydration until the hydrated page has run its first effects: until then a client render gives the
 * server's value. True in any page that hydrates nothing (a client-only render gives the browser's value at once).
 */
let browserValues = true;
/** The components that drew the server's value, each drawn again when the browser's values take over. */
const waiting = new Set<() => void>();
let takeOverScheduled = false;

/** The page, before it hydrates server HTML: every client render gives the server's values until it has hydrated. */
export function beginHydration(): void {
  browserValues = false;
}

/**
 * After the effects of the render that asked (every component that hydrated has checked its value by then, so none
 * finds the browser's value different and draws again on its own): the browser's values from now on, and one
 * transition that draws again every component that showed the server's.
 */
function takeOverSoon(): void {
  if (takeOverScheduled) return;
  takeOverScheduled = true;
  setTimeout(() => {
    browserValues = true;
    startTransition(() => {
      for (const drawAgain of waiting) drawAgain();
      waiting.clear();
    });
  }, 0);
}

const subscribe = () => () => undefined;
const redraw = (count: number) => count + 1;

/**
 * `serverValue()` on the server, in the render that hydrates the server's HTML and until the page has hydrated; then
 * `browserValue()`, the component drawn again in a transition. Both must answer the same value while nothing changed
 * (useSyncExternalStore compares them with Object.is): a boolean, a string, a kept object.
 */
export function useHydratedValue<T>(browserValue: () => T, serverValue: () => T): T {
  const value = useSyncExternalStore(subscribe, () => (browserValues ? browserValue() : serverValue()), serverValue);
  const [, drawAgain] = useReducer(redraw, 0);
  useEffect(() => {
    // Drawn with the browser's value, or the server's equals it (the device is in the zone the page was written in).
    if (browserValues || Object.is(browserValue(), value)) return undefined;
    const draw = () => drawAgain();
    waiting.add(draw);
    takeOverSoon();
    return () => {
      waiting.delete(draw);
    };
    // Once, as it mounts: a component drawn later is drawn with the browser's value, or checked by React itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return value;
}

/** Tests: a page that has not hydrated yet. */
export function resetHydration(): void {
  browserValues = true;
  waiting.clear();
  takeOverScheduled = false;
}
