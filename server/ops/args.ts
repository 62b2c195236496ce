// One place turns string parameters into checked values, so every command refuses bad input the same way.
import { parseAmount, USD_AMOUNT } from '../../domain/amount-input.ts';
import { ApiError, fieldInvalid } from '../http/envelope.ts';

const MEMO_MAX = 200;

export function idArg(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw fieldInvalid('id');
  return Number(raw);
}

export function usdArg(raw: string | undefined, field: string) {
  const parsed = parseAmount(raw, USD_AMOUNT);
  if (!parsed.ok)
    throw new ApiError(parsed.error, undefined, { places: USD_AMOUNT.places, max: USD_AMOUNT.max, field });
  return parsed.value;
}

export function textArg(raw: string | undefined, field: string, required: boolean): string {
  const text = (raw ?? '').trim();
  if (required && !text) throw new ApiError('field_required', undefined, { field });
  if (text.length > MEMO_MAX) throw fieldInvalid(field);
  return text;
}
