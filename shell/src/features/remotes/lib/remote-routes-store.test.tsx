import { Suspense, use } from 'react';
import { render, screen } from '@testing-library/react';
import { type RemoteRoute } from 'shared-contracts';
import { loadOnce, type RemoteRoutesLoader } from './remote-routes-store';

const routes: RemoteRoute[] = [{ path: '/', Component: () => <p>scan page</p> }];

describe('loadOnce', () => {
  it('loads a remote once, and again after a failure or a reset', async () => {
    let attempts = 0;
    const inner: RemoteRoutesLoader = {
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return routes;
      },
      reset: jest.fn(),
    };
    const loader = loadOnce(inner);
    await expect(loader.load('mf_card')).rejects.toThrow('offline');
    await expect(loader.load('mf_card')).resolves.toBe(routes);
    await loader.load('mf_card');
    expect(attempts).toBe(2);
    loader.reset('mf_card');
    expect(inner.reset).toHaveBeenCalledWith('mf_card');
    await loader.load('mf_card');
    expect(attempts).toBe(3);
  });

  it('lets a render that comes after the load show the page at once, without the loading state', async () => {
    const loader = loadOnce({ load: async () => routes, reset: () => undefined });
    // The start-up waits for the load before the first render.
    await loader.load('mf_card');
    function Area() {
      const [first] = use(loader.load('mf_card'));
      return first ? <first.Component /> : null;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Area />
      </Suspense>,
    );
    // In the first commit already: no fallback in between.
    expect(screen.getByText('scan page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });
});
