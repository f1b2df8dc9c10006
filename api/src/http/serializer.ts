import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { type FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerOf = FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }>;

/**
 * The answers' serializer: each response schema (zod) compiled once, through its JSON Schema, by fast-json-stringify,
 * the serializer Fastify itself uses. It writes only the schema's fields, as zod's own serializer does (nothing a
 * handler carries by mistake reaches the wire), and costs a fraction of validating every answer with zod, which took
 * a sixth of get/card's time in `pnpm bench:api`. A schema JSON Schema cannot say (a transform, a date) keeps zod's
 * serializer. With `verify` (the api's tests), every answer is also written by zod's serializer, which checks it
 * against the schema, and the two must write the same JSON (fields in their order or not): the whole test suite
 * proves them the same.
 */
export function responseSerializerCompiler(options: { verify: boolean }): SerializerOf {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema instanceof z.ZodType ? route.schema : route.schema.properties;
    let fast: ((data: unknown) => string) | null = null;
    try {
      fast = fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as object);
    } catch {
      fast = null;
    }
    if (!fast) return checked;
    if (!options.verify) return fast;
    const written = fast;
    return (data) => {
      const expected = checked(data);
      const got = written(data);
      if (!isDeepStrictEqual(JSON.parse(got), JSON.parse(expected))) {
        throw new Error(`serializers disagree on ${route.method} ${route.url}: ${got} is not ${expected}`);
      }
      return got;
    };
  };
}
