import { screen } from '@testing-library/react';
import { aheadOf, callKey, forgetInitialResults, seedInitialResults, STORAGE_KEYS } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';
import { renderRemote, stubCalls } from 'shared-contracts/testing';
import { remote } from '../../lib/remote';
import { prefetchActivities, useActivities } from './use-activities';

const ICCID = '89880000000000000005';
const recallList = [{ id: 7, title: 'Free plan', link: 'https://example.com/r', image: '' }];

function Probe() {
  const activities = useActivities({ iccid: ICCID, position: 'cardDetail' });
  return (
    <p data-testid="probe">
      {activities.loaded ? `loaded ${activities.recalls.map((item) => item.title).join(',')}` : 'loading'}
    </p>
  );
}

describe('useActivities', () => {
  afterEach(() => forgetInitialResults());

  it('server-side rendering: a visitor’s activities that came with the page show in the first render, not asked again', async () => {
    const api = stubCalls({ getActivityList: { recallList: [] } });
    seedInitialResults({
      [callKey('getActivityList', { position: 'cardDetail', lang: 'en', iccid: ICCID })]: {
        ok: true,
        code: 10000,
        data: { topList: [], bannerList: [], floatList: [], recallList, popupList: [] },
      },
    });
    await renderRemote(<Probe />, { i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('probe')).toHaveTextContent('loaded Free plan');
    expect(api.calls).toHaveLength(0);
  });

  it('without the page’s answer, asks once and shows what came', async () => {
    const api = stubCalls({ getActivityList: { recallList } });
    await renderRemote(<Probe />, { i18n: { namespaces: [remote] } });
    expect(await screen.findByText('loaded Free plan')).toBeInTheDocument();
    expect(api.calls.map((call) => call.body)).toEqual([{ position: 'cardDetail', lang: 'en', iccid: ICCID }]);
  });

  it('a route’s prefetch asks the activities, with the login when there is one (its key in the page leaves it out)', async () => {
    const api = stubCalls({ getActivityList: { recallList } });
    prefetchActivities(aheadOf(getApiClient()), 'cardDetail', 'en', ICCID);
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls.map((call) => call.body)).toEqual([{ position: 'cardDetail', lang: 'en', iccid: ICCID }]);
    localStorage.setItem(STORAGE_KEYS.RECEIPT, 'receipt-token');
    try {
      prefetchActivities(aheadOf(getApiClient()), 'cardDetail', 'en', ICCID);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(api.calls.map((call) => call.body)[1]).toEqual({
        position: 'cardDetail',
        lang: 'en',
        iccid: ICCID,
        auth_token: 'receipt-token',
      });
    } finally {
      localStorage.removeItem(STORAGE_KEYS.RECEIPT);
    }
  });
});
