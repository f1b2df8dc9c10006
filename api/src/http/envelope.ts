import { z } from 'zod';

export const SUCCESS_CODE = 10000;
export const SUCCESS_MESSAGE = 'success';

/** The wire envelope of every call: `{ code, message, data }`. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.literal(SUCCESS_CODE),
    message: z.string(),
    data,
  });
}

/** What every failure looks like (catalogue code, readable message, no data). */
export const ErrorEnvelope = z.object({
  code: z.int().describe('catalogue code (10001 parse, 10002 parameter, 10003 system, 101xx cards, ...)'),
  message: z.string(),
  data: z.null(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function errorBody(code: number, message: string): string {
  const body: ErrorEnvelope = { code, message, data: null };
  return JSON.stringify(body);
}
