// Required strings must be non-empty, so "missing" and "empty" give the same clear message.
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../accounts/identity.ts';

export interface JsonSchema {
  [key: string]: unknown;
}

/** An i18n key under `errors.` shown when the value fails the field's pattern. */
export const ERROR_KEYWORD = 'x-error';
/** The values its message names (e.g. `{min, max}`). */
export const ERROR_PARAMS_KEYWORD = 'x-error-params';

export const str = (maxLength = 255): JsonSchema => ({ type: 'string', maxLength });
export const requiredStr = (maxLength = 255): JsonSchema => ({ type: 'string', minLength: 1, maxLength });
export const int = (minimum = 0, maximum = 2_147_483_647): JsonSchema => ({ type: 'integer', minimum, maximum });

/** Surrounding spaces are allowed: the server trims. */
export const matching = (
  source: string,
  errorKey: string,
  description: string,
  maxLength = 254,
  errorParams?: Readonly<Record<string, number>>,
): JsonSchema => ({
  type: 'string',
  minLength: 1,
  maxLength,
  pattern: `^\\s*(?:${source})\\s*$`,
  description,
  [ERROR_KEYWORD]: errorKey,
  ...(errorParams ? { [ERROR_PARAMS_KEYWORD]: errorParams } : {}),
});
export const emailAddress = (errorKey = 'email_invalid'): JsonSchema =>
  matching(EMAIL_PATTERN, errorKey, 'an e-mail address');
export const mobileNumber = (errorKey = 'mobile_invalid', maxLength = 254): JsonSchema =>
  matching(MOBILE_PATTERN, errorKey, 'a mobile number: 5–15 digits (spaces, dashes and brackets ignored)', maxLength);
/** Refused as an e-mail address when it has "@", else as a number (errors.ts byAt). */
export const emailOrMobile = (errorKey = 'email_invalid|mobile_invalid'): JsonSchema =>
  matching(`${EMAIL_PATTERN}|${MOBILE_PATTERN}`, errorKey, 'an e-mail address or a mobile number (5–15 digits)');
/** For a field the other one of a pair may stand for. */
export const optional = (s: JsonSchema): JsonSchema => ({
  ...s,
  minLength: 0,
  pattern: `^(?:\\s*|${String(s.pattern).slice(1, -1)})$`,
});

/** The client's cache-busting timestamp (docs/contract.md §7): accepted and ignored. */
const T_PARAM: JsonSchema = { type: 'string', maxLength: 32 };

export function query(properties: Record<string, JsonSchema> = {}, required: string[] = []): JsonSchema {
  return { type: 'object', properties: { ...properties, t: T_PARAM }, required };
}

export function body(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required };
}
