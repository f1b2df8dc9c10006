import { z } from 'zod';
import { responseSerializerCompiler } from '../../src/http/serializer';

// The answers' serializer (bench:api: zod's serializer took a sixth of get/card): fast-json-stringify from the
// schema, writing only its fields; zod's serializer where JSON Schema cannot say the schema; both under the tests.

const compile = (schema: z.ZodType, verify = false) =>
  responseSerializerCompiler({ verify })({ schema, method: 'POST', url: '/test', httpStatus: '200' } as never);

const Card = z.object({
  iccid: z.string(),
  used: z.number(),
  owner: z.int().nullable(),
  note: z.string().optional(),
});

describe('responseSerializerCompiler', () => {
  it('writes only the fields of the schema: nothing a handler carries by mistake reaches the wire', () => {
    const write = compile(Card);
    const text = write({ iccid: '8988', used: 5.5, owner: null, password_hash: 'secret', email: 'a@b.c' });
    expect(JSON.parse(text)).toEqual({ iccid: '8988', used: 5.5, owner: null });
  });

  it('writes the same JSON as zod for what the schema says, optional fields and all', () => {
    const write = compile(Card, true);
    for (const data of [
      { iccid: '8988', used: 0, owner: 7, note: 'é "quoted" \u2028 line' },
      { iccid: '', used: 1.25, owner: null },
    ]) {
      expect(JSON.parse(write(data))).toEqual(data);
    }
  });

  it('keeps zod where JSON Schema cannot say the schema (a date), checking and writing as before', () => {
    const write = compile(z.object({ at: z.date() }));
    expect(JSON.parse(write({ at: new Date(1000), extra: 1 }))).toEqual({ at: '1970-01-01T00:00:01.000Z' });
    expect(() => write({ at: 'yesterday' })).toThrow();
  });

  it('under the tests, an answer the schema refuses fails (zod still checks every answer)', () => {
    const write = compile(Card, true);
    expect(() => write({ iccid: 8988, used: 'many', owner: null })).toThrow();
  });
});
