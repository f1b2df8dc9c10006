import { startStandalone } from 'shared-contracts/ui';
import { remote } from './lib/remote';
import routes from './routes';

// The standalone page of this remote (its own origin, no shell): develop and check it alone.
void startStandalone({
  remote,
  routes,
  samplePaths: {
    '/esim/shop/:eid': '/esim/shop/89049032000001000000000000000001',
    '/esim/:eid': '/esim/89049032000001000000000000000001?mode=search',
  },
});
