// What a follower types into the copy sheet (docs/copy-trading.md "A copy is its own sub-account"): one rule for the
// app's sheet and the server's start route. The multiplier is 0.1–3 with one decimal (1 when empty), the copy
// stop-loss a whole percent 5–95 (40 when empty); the amount a USD amount at least the provider's minimum. And what a
// trader types to publish themselves as a provider: the same rule for the provider sheet and the publish route.
import { dec, exactText, type Dec } from './decimal.ts';
import { parseAmount, USD_AMOUNT, type AmountError } from './amount-input.ts';
import {
  FEE_MAX,
  MIN_COPY_AMOUNT,
  MULTIPLIER_MAX,
  MULTIPLIER_MIN,
  STOP_LOSS_DEFAULT,
  STOP_LOSS_MAX,
  STOP_LOSS_MIN,
} from './copy-maths.ts';

export type Parsed<T, E extends string> = { ok: true; value: T } | { ok: false; error: E };

/** The multiplier as exact text ('1' when empty), or copy_multiplier_invalid. */
export function parseMultiplier(input: unknown): Parsed<string, 'copy_multiplier_invalid'> {
  const text = input === undefined || input === '' ? '1' : typeof input === 'number' ? String(input) : input;
  if (typeof text !== 'string' || !/^\d+(\.\d)?$/.test(text)) return { ok: false, error: 'copy_multiplier_invalid' };
  const m = dec(text);
  if (m.lt(MULTIPLIER_MIN) || m.gt(MULTIPLIER_MAX)) return { ok: false, error: 'copy_multiplier_invalid' };
  return { ok: true, value: exactText(m) };
}

/** The copy stop-loss percent (40 when empty), or copy_stop_loss_invalid. */
export function parseStopLoss(input: unknown): Parsed<number, 'copy_stop_loss_invalid'> {
  const n = input === undefined || input === '' ? STOP_LOSS_DEFAULT : Number(input);
  if (!Number.isInteger(n) || n < STOP_LOSS_MIN || n > STOP_LOSS_MAX)
    return { ok: false, error: 'copy_stop_loss_invalid' };
  return { ok: true, value: n };
}

/** The amount to put into a copy: a USD amount, at least the provider's minimum (the error then carries `min`). */
export function parseCopyAmount(input: unknown, minAmount: string): Parsed<Dec, AmountError | 'copy_amount_below_min'> {
  const a = parseAmount(input, USD_AMOUNT);
  if (!a.ok) return a;
  if (a.value.lt(minAmount)) return { ok: false, error: 'copy_amount_below_min' };
  return a;
}

export const PROVIDER_NAME_MIN = 2;
export const PROVIDER_NAME_MAX = 40;
export const PROVIDER_DESCRIPTION_MAX = 280;

/** A provider's display name, trimmed: 2–40 characters, or provider_name_invalid. */
export function parseProviderName(input: unknown): Parsed<string, 'provider_name_invalid'> {
  const name = typeof input === 'string' ? input.trim() : '';
  if (name.length < PROVIDER_NAME_MIN || name.length > PROVIDER_NAME_MAX) {
    return { ok: false, error: 'provider_name_invalid' };
  }
  return { ok: true, value: name };
}

/** A provider's short description, trimmed (may be empty): at most 280 characters, or provider_description_invalid. */
export function parseProviderDescription(input: unknown): Parsed<string, 'provider_description_invalid'> {
  const description = typeof input === 'string' ? input.trim() : '';
  if (description.length > PROVIDER_DESCRIPTION_MAX) return { ok: false, error: 'provider_description_invalid' };
  return { ok: true, value: description };
}

/** The performance fee: a whole percent 0–30 (typed digits or a number), or provider_fee_invalid. */
export function parseProviderFee(input: unknown): Parsed<number, 'provider_fee_invalid'> {
  const n = typeof input === 'string' && /^\d{1,3}$/.test(input.trim()) ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > FEE_MAX) {
    return { ok: false, error: 'provider_fee_invalid' };
  }
  return { ok: true, value: n };
}

/** The minimum copy amount: a USD amount of at least 100, or provider_min_invalid. */
export function parseProviderMin(input: unknown): Parsed<Dec, 'provider_min_invalid'> {
  const min = parseAmount(input, USD_AMOUNT);
  if (!min.ok || min.value.lt(MIN_COPY_AMOUNT)) return { ok: false, error: 'provider_min_invalid' };
  return min;
}

export type ProviderTermsError =
  'provider_name_invalid' | 'provider_description_invalid' | 'provider_fee_invalid' | 'provider_min_invalid';

/** What each refusal of the terms interpolates: the route's error and the sheet's say the same. */
export const PROVIDER_ERROR_PARAMS: Record<ProviderTermsError, Record<string, string>> = {
  provider_name_invalid: { max: String(PROVIDER_NAME_MAX) },
  provider_description_invalid: { max: String(PROVIDER_DESCRIPTION_MAX) },
  provider_fee_invalid: { max: String(FEE_MAX) },
  provider_min_invalid: { min: MIN_COPY_AMOUNT },
};

export interface ProviderTermsInput {
  name?: unknown;
  description?: unknown;
  fee?: unknown;
  minAmount?: unknown;
}

/** A provider's terms as the publish route and the provider sheet read them, each field its own verdict. */
export function parseProviderTerms(input: ProviderTermsInput) {
  return {
    name: parseProviderName(input.name),
    description: parseProviderDescription(input.description),
    fee: parseProviderFee(input.fee),
    minAmount: parseProviderMin(input.minAmount),
  };
}
