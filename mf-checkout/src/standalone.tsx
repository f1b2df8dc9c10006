import { startStandalone } from 'shared-contracts/ui';
import { remote } from './lib/remote';
import routes from './routes';

/**
 * mf_checkout/standalone: the remote's own page (its origin, no shell), to develop and check it alone. The page
 * (dist/index.html, built by @esim/build) loads this expose through the federation runtime, as the shell would.
 */
export default function start(): Promise<void> {
  return startStandalone({ remote, routes });
}
