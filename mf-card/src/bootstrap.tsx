import { startStandalone } from 'shared-contracts/ui';
import { remote } from './lib/remote';
import routes from './routes';

// The standalone page of this remote (its own origin, no shell): develop and check it alone.
void startStandalone({
  remote,
  routes,
  samplePaths: {
    '/:flag/:iccid': '/2/89852000000000000001',
    '/pkg': '/pkg?iccid=89852000000000000001',
  },
});
