import { startStandalone } from 'shared-contracts/ui';
import { remote } from './lib/remote';
import routes from './routes';

/**
 * mf_card/standalone: the remote's own page (its origin, no shell), to develop and check it alone. The page
 * (dist/index.html, built by @esim/build) loads this expose through the federation runtime, as the shell would.
 */
export default function start(): Promise<void> {
  return startStandalone({
    remote,
    routes,
    samplePaths: {
      '/:flag/:iccid': '/2/89852000000000000001',
      '/pkg': '/pkg?iccid=89852000000000000001',
    },
  });
}
