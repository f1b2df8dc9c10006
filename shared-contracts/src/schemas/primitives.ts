// Field-level schemas shared by the entities and the call requests. Request schemas use these strict forms so the
// api rejects oversized or malformed input with a catalogue error instead of storing it.
import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages';
import { EMAIL_MAX, ICCID_MAX, ICCID_MIN, PASSWORD_MAX, PASSWORD_MIN, NAME_MAX, PAY_METHODS } from '../constants';

/** ICCID: 19–20 characters, digits or letters (some ICCIDs end in a hex filler such as F). */
export const Iccid = z
  .string()
  .min(ICCID_MIN)
  .max(ICCID_MAX)
  .regex(/^[0-9A-Za-z]+$/, 'ICCID: digits and letters only');

/** EID: exactly 32 digits (GSMA SGP.29). */
export const Eid = z.string().regex(/^\d{32}$/, 'EID: 32 digits');

export const Email = z.email().max(EMAIL_MAX);
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
/** One-time code sent by /user/auth/getcode: six digits. */
export const VerificationCode = z.string().regex(/^\d{6}$/, 'code: 6 digits');

export const Lang = z.enum(LANGUAGE_CODES);
/** ISO 4217 currency code, upper case. */
export const Ccy = z.string().regex(/^[A-Z]{3}$/, 'ccy: ISO 4217 code');
/** ISO 3166-1 alpha-2 country code, upper case. */
export const CountryCode = z.string().regex(/^[A-Z]{2}$/, 'country: ISO 3166-1 alpha-2 code');
/** Agent flag: the first path segment of the card page (/{flag}/{iccid}); '2' is the default agent. */
export const Flag = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[0-9A-Za-z_-]+$/);
/** Numeric database id (packages, package types, goods, notices, adverts). */
export const Id = z.int().positive();
/** Opaque pool id the server hands out (pool_object_id). */
export const PoolObjectId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z_-]+$/);
/** Order id as returned by /pay/buy (opaque string). */
export const OrderId = z.string().min(1).max(64);
/** Display name a user gives a card, pool or slot; empty means "use the default name". */
export const DisplayName = z.string().trim().max(NAME_MAX);
export const PayMethod = z.enum(PAY_METHODS);
/** Login receipt (bearer token). */
export const AuthToken = z.string().min(1).max(2048);
export const Url = z.string().max(2048);

/** Amount in minor units of its currency (cents; yen for JPY). */
export const MinorAmount = z.int();
/** Tax rate as a fraction: tax = price × taxRate (0.0725 = 7.25 %). */
export const TaxRate = z.number().min(0).max(1);
/** Share of the price charged on renewal, in percent (90 = pay 90 %): old view shows price × renewDiscount / 10000. */
export const RenewDiscount = z.number().min(0).max(100);

/** Status text of cards, pools and slots. Known values: Ready, ready, Activated, Suspension; others display as is. */
export const StatusStr = z.string().max(32);
/** Unix time in seconds. */
export const UnixSeconds = z.int().nonnegative();

/** Calls that return nothing carry `data: null`. */
export const NoData = z.null();
/** Calls that take nothing send `{}`. */
export const EmptyRequest = z.strictObject({});
