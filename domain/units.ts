// Nominal types for units where a mix-up costs money: a price is not a lot count is not a USD amount.
import { dec, type Dec, type DecInput } from './decimal.ts';

declare const unit: unique symbol;
type Unit<T, U extends string> = T & { readonly [unit]: U };

export type Price = Unit<Dec, 'price'>;
export type Lots = Unit<Dec, 'lots'>;
export type Usd = Unit<Dec, 'usd'>;
export type Ratio = Unit<Dec, 'ratio'>;

export const price = (v: DecInput): Price => dec(v) as Price;
export const lots = (v: DecInput): Lots => dec(v) as Lots;
export const usd = (v: DecInput): Usd => dec(v) as Usd;
export const ratio = (v: DecInput): Ratio => dec(v) as Ratio;
