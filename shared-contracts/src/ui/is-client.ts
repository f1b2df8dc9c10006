import { useHydratedValue } from '../hydration';

const yes = () => true;
const no = () => false;

/**
 * False on the server and in the render that hydrates server HTML (until the page has hydrated: useHydratedValue),
 * true in any other client render: what needs the document (a portal into document.body, window sizes) renders only
 * when true, so the hydrating render equals the server's.
 */
export function useIsClient(): boolean {
  return useHydratedValue(yes, no);
}
