import { z } from 'zod';
import { callSchemas } from './calls';
import { calls, callUrl } from '../calls';
import { Card } from './entities';

const ICCID19 = '8986012345678901234';
const EID = '89049032000001000000123456789012';

describe('call map', () => {
  it('has a path for every schema and a schema for every path', () => {
    expect(Object.keys(calls).sort()).toEqual(Object.keys(callSchemas).sort());
  });

  it('gives every call its own URL', () => {
    const urls = Object.keys(calls).map((name) => callUrl('/eshop', name as keyof typeof calls));
    expect(new Set(urls).size).toBe(urls.length);
    expect(callUrl('/eshop/', 'getCardList')).toBe('/eshop/api/v1/get/card/list');
    expect(callUrl('/eshop', 'getCard')).toBe('/eshop/get/card');
  });

  it('turns every request and response into JSON Schema (the api publishes OpenAPI from them)', () => {
    for (const [name, schema] of Object.entries(callSchemas)) {
      expect(() => z.toJSONSchema(schema.request, { io: 'input' })).not.toThrow();
      expect(() => z.toJSONSchema(schema.response, { io: 'output' })).not.toThrow();
      expect(name).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });
});

describe('requests reject what the api must not accept', () => {
  it('rejects an unknown field on every call', () => {
    for (const [name, schema] of Object.entries(callSchemas)) {
      const result = schema.request.safeParse({ unexpected_field: 1 });
      const text = JSON.stringify(result.error?.issues ?? []);
      expect(`${name}: ${text.includes('unrecognized_keys')}`).toBe(`${name}: true`);
    }
  });

  it('accepts 19- and 20-character ICCIDs only', () => {
    const bind = callSchemas.bindCard.request;
    expect(bind.safeParse({ iccid: ICCID19.slice(0, 18) }).success).toBe(false);
    expect(bind.safeParse({ iccid: ICCID19 }).success).toBe(true);
    expect(bind.safeParse({ iccid: `${ICCID19}F` }).success).toBe(true);
    expect(bind.safeParse({ iccid: `${ICCID19}12` }).success).toBe(false);
    expect(bind.safeParse({ iccid: '8986 0123456789012345' }).success).toBe(false);
  });

  it('accepts a 32-digit EID only', () => {
    const bindEid = callSchemas.bindEid.request;
    expect(bindEid.safeParse({ eid: EID }).success).toBe(true);
    expect(bindEid.safeParse({ eid: EID.slice(1) }).success).toBe(false);
    expect(bindEid.safeParse({ eid: `${EID.slice(1)}A` }).success).toBe(false);
  });

  it('limits e-mail to 64 characters and passwords to 8–128', () => {
    const login = callSchemas.login.request;
    const email64 = `${'a'.repeat(58)}@ex.io`;
    expect(login.safeParse({ email: email64, password: 'x'.repeat(8) }).success).toBe(true);
    expect(login.safeParse({ email: `a${email64}`, password: 'x'.repeat(8) }).success).toBe(false);
    expect(login.safeParse({ email: email64, password: 'x'.repeat(7) }).success).toBe(false);
    expect(login.safeParse({ email: email64, password: 'x'.repeat(128) }).success).toBe(true);
    expect(login.safeParse({ email: email64, password: 'x'.repeat(129) }).success).toBe(false);
  });

  it('asks sign-up for a 6-digit code', () => {
    const signup = callSchemas.signup.request;
    const base = { email: 'a@b.co', password: 'correct horse' };
    expect(signup.safeParse({ ...base, code: '123456' }).success).toBe(true);
    expect(signup.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(signup.safeParse(base).success).toBe(false);
  });

  it('takes exactly one coverage id', () => {
    const req = callSchemas.getProductCountry.request;
    expect(req.safeParse({ pkg_type_id: 3 }).success).toBe(true);
    expect(req.safeParse({ esim_product_id: 3, lang: 'ja' }).success).toBe(true);
    expect(req.safeParse({ pkg_type_id: 3, pool_type_id: 4 }).success).toBe(false);
    expect(req.safeParse({}).success).toBe(false);
  });

  it('validates createPay: method, uuid tracking id, language', () => {
    const req = callSchemas.createPay.request;
    const base = { id: 1, renewal: true, iccid: ICCID19, flag: '2', lang: 'en', ccy: 'USD', pay: 'paypal' };
    expect(req.safeParse(base).success).toBe(true);
    expect(req.safeParse({ ...base, trackingId: '6f1c1f5e-3a0b-4b8e-9b8a-2f0d6c1e9a11' }).success).toBe(true);
    expect(req.safeParse({ ...base, trackingId: 'abc' }).success).toBe(false);
    expect(req.safeParse({ ...base, pay: 'cash' }).success).toBe(false);
    expect(req.safeParse({ ...base, lang: 'xx' }).success).toBe(false);
    expect(req.safeParse({ ...base, ccy: 'usd' }).success).toBe(false);
  });

  it('requires every address field and trims them', () => {
    const req = callSchemas.saveAddress.request;
    const address = {
      email: 'a@b.co',
      country: 'US',
      region: 'CA',
      city: ' San Jose ',
      postalCode: '95112',
      line1: '1 Main St',
      iccid: ICCID19,
    };
    expect(req.parse(address).city).toBe('San Jose');
    expect(req.safeParse({ ...address, city: '  ' }).success).toBe(false);
    expect(req.safeParse({ ...address, country: 'USA' }).success).toBe(false);
  });
});

describe('responses', () => {
  it('strip unknown fields and apply list defaults', () => {
    const card = {
      iccid: ICCID19,
      name: '',
      status_str: 'Activated',
      expire_date: '2030-01-01',
      available_days: 12,
      used_str: '1.2 GB',
      total_str: '5 GB',
      used: 1229,
      total: 5120,
      usage_updated_at: null,
      card_email: '',
      kind: 1,
      renewal: false,
      create: null,
      show_alert: false,
      unlimited: false,
      in_agent: false,
      agent_version: 2,
      card_kind: 1,
      user_id: 0,
      show_share_plan: true,
      hasKeys: false,
      internal_note: 'not for the browser',
    };
    expect(Card.parse(card)).not.toHaveProperty('internal_note');
    expect(Card.safeParse({ ...card, agent_version: 4 }).success).toBe(false);
    expect(callSchemas.getPkg.response.parse({})).toEqual({ list: [], newList: [], recommendList: [], typeList: [] });
  });
});

describe('account calls of issue 8', () => {
  it('logs in with a reset: the answer is a receipt like login', () => {
    const session = { token: 'abc', email: 'a@example.com', user_id: 7 };
    expect(callSchemas.reset.response.parse(session)).toEqual(session);
    expect(callSchemas.reset.response.safeParse(null).success).toBe(false);
  });

  it('logs out everywhere with an empty body and answers null', () => {
    expect(calls.logoutAll.path).toBe('/user/auth/logout/all');
    expect(callSchemas.logoutAll.request.safeParse({}).success).toBe(true);
    expect(callSchemas.logoutAll.request.safeParse({ user_id: 1 }).success).toBe(false);
    expect(callSchemas.logoutAll.response.parse(null)).toBeNull();
  });

  it('asks for one notice by id, with an optional language and card', () => {
    const request = callSchemas.notifyDetail.request;
    expect(request.safeParse({ id: 3 }).success).toBe(true);
    expect(request.safeParse({ id: 3, lang: 'de', iccid: ICCID19 }).success).toBe(true);
    expect(request.safeParse({}).success).toBe(false);
    expect(request.safeParse({ id: 3, lang: 'xx' }).success).toBe(false);
    expect(request.safeParse({ id: 3, iccid: '12' }).success).toBe(false);
    expect(request.safeParse({ id: 3, extra: true }).success).toBe(false);
    const notice = { id: 3, title: 'T', content: 'C', link: '', create: 1_700_000_000, read: true };
    expect(callSchemas.notifyDetail.response.parse(notice)).toEqual(notice);
  });
});
