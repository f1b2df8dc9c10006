import { demo } from '../support/demo';
import { expect, test } from '../support/test';

test('the api answers under /eshop/ and /eshop/api/ through the shell host, with catalogue errors', async ({
  request,
}) => {
  for (const prefix of ['/eshop', '/eshop/api']) {
    const res = await request.post(`${prefix}/check/card`, { data: { flag: '2', iccid: demo.activatedBound } });
    expect(res.ok()).toBe(true);
    const body = await res.json();
    expect(body.code).toBe(10000);
    expect(body.data.iccid).toBe(demo.activatedBound);
  }
  const broken = await request.post('/eshop/get/card', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"iccid":'),
  });
  const body = await broken.json();
  expect(body.code).toBe(10001);
  expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
});

test('the OpenAPI document is browsable', async ({ page, request }) => {
  const doc = await (await request.get('/eshop/openapi.json')).json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toContain('/eshop/get/card');
  await page.goto('/eshop/docs');
  await expect(page.locator('.swagger-ui').first()).toBeVisible();
});
