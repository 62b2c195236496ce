// The one instrument search rule, for the server's trade_list?searchCurrency= and the app's quick filters: a query
// matches the code, the display code, or a name of the instrument (its common name in the user's language and in
// English, locales `instrument_names.{Code}`: "gold" and "黃金" find XAU/USD). Case, accents, spaces and punctuation
// are ignored, so "eur/usd", "EUR USD" and "eurusd" all find EURUSD and "rohol" finds "Rohöl WTI".

/** Lower case, accents dropped, only letters and digits kept (any script: 天然氣, النفط, ทองคำ). */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

export interface Searchable {
  code: string;
  showCode: string;
  /** The instrument's names in the user's language and in English (empty when the locales have none). */
  names: readonly string[];
}

export function matchesInstrument(inst: Searchable, query: string): boolean {
  const q = searchKey(query);
  if (q === '') return true;
  return [inst.code, inst.showCode, ...inst.names].some((field) => searchKey(field).includes(q));
}

/** The locales key of an instrument's common name. */
export const instrumentNameKey = (code: string): string => `instrument_names.${code}`;
