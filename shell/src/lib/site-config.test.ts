import { createApiClient } from 'shared-contracts';
import { callError, siteConfig as configAnswer, stubCalls } from 'shared-contracts/testing';
import { forgetSiteConfig, siteConfig } from './site-config';

beforeEach(() => forgetSiteConfig());

test('asks getConfig once per page address for every reader', async () => {
  const api = stubCalls({ getConfig: configAnswer({ support_url: 'https://chat.example.com/' }) });
  const client = createApiClient();
  const [first, second] = await Promise.all([siteConfig(client, 'http://shop/'), siteConfig(client, 'http://shop/')]);
  expect(first?.support_url).toBe('https://chat.example.com/');
  expect(second).toBe(first);
  expect(await siteConfig(client, 'http://shop/')).toBe(first);
  expect(api.callsTo('getConfig')).toHaveLength(1);
});

test('a failed answer is not kept: the next reader asks again', async () => {
  stubCalls({ getConfig: callError(10003) });
  const client = createApiClient();
  expect(await siteConfig(client, 'http://shop/')).toBeNull();
  const api = stubCalls({ getConfig: configAnswer() });
  expect(await siteConfig(client, 'http://shop/')).not.toBeNull();
  expect(api.callsTo('getConfig')).toHaveLength(1);
});
