// What a follower or a provider types into the copy sheets (docs/copy-trading.md): one rule for sheets and routes.
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

export function parseMultiplier(input: unknown): Parsed<string, 'copy_multiplier_invalid'> {
  const text = input === undefined || input === '' ? '1' : typeof input === 'number' ? String(input) : input;
  if (typeof text !== 'string' || !/^\d+(\.\d)?$/.test(text)) return { ok: false, error: 'copy_multiplier_invalid' };
  const m = dec(text);
  if (m.lt(MULTIPLIER_MIN) || m.gt(MULTIPLIER_MAX)) return { ok: false, error: 'copy_multiplier_invalid' };
  return { ok: true, value: exactText(m) };
}

export function parseStopLoss(input: unknown): Parsed<number, 'copy_stop_loss_invalid'> {
  const n = input === undefined || input === '' ? STOP_LOSS_DEFAULT : Number(input);
  if (!Number.isInteger(n) || n < STOP_LOSS_MIN || n > STOP_LOSS_MAX)
    return { ok: false, error: 'copy_stop_loss_invalid' };
  return { ok: true, value: n };
}

/** An empty, zero or negative amount is told the trader's minimum: "greater than 0" would undersell it. */
export function parseCopyAmount(input: unknown, minAmount: string): Parsed<Dec, AmountError | 'copy_amount_below_min'> {
  const a = parseAmount(input, USD_AMOUNT);
  if (!a.ok && a.error !== 'amount_invalid') return a;
  if (!a.ok || a.value.lt(minAmount)) return { ok: false, error: 'copy_amount_below_min' };
  return a;
}

export const PROVIDER_NAME_MIN = 2;
export const PROVIDER_NAME_MAX = 40;
export const PROVIDER_DESCRIPTION_MAX = 280;

/** Trimmed; anything but text is empty. */
function parseText<E extends string>(input: unknown, min: number, max: number, error: E): Parsed<string, E> {
  const text = typeof input === 'string' ? input.trim() : '';
  return text.length < min || text.length > max ? { ok: false, error } : { ok: true, value: text };
}

export const parseProviderName = (input: unknown) =>
  parseText(input, PROVIDER_NAME_MIN, PROVIDER_NAME_MAX, 'provider_name_invalid');

export const parseProviderDescription = (input: unknown) =>
  parseText(input, 0, PROVIDER_DESCRIPTION_MAX, 'provider_description_invalid');

export function parseProviderFee(input: unknown): Parsed<number, 'provider_fee_invalid'> {
  const n = typeof input === 'string' && /^\d{1,3}$/.test(input.trim()) ? Number(input) : input;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > FEE_MAX) {
    return { ok: false, error: 'provider_fee_invalid' };
  }
  return { ok: true, value: n };
}

export function parseProviderMin(input: unknown): Parsed<Dec, 'provider_min_invalid'> {
  const min = parseAmount(input, USD_AMOUNT);
  if (!min.ok || min.value.lt(MIN_COPY_AMOUNT)) return { ok: false, error: 'provider_min_invalid' };
  return min;
}

export type ProviderTermsError =
  | 'provider_name_invalid'
  | 'provider_description_invalid'
  | 'provider_fee_invalid'
  | 'provider_min_invalid';

/** The route's error and the sheet's say the same. */
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

export function parseProviderTerms(input: ProviderTermsInput) {
  return {
    name: parseProviderName(input.name),
    description: parseProviderDescription(input.description),
    fee: parseProviderFee(input.fee),
    minAmount: parseProviderMin(input.minAmount),
  };
}
