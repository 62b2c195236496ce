// One search rule for the server's trade_list and the app's filters: "eur/usd", "EUR USD" and "eurusd" find EURUSD.

/** Any script: 天然氣, النفط, ทองคำ; accents dropped so "rohol" finds "Rohöl WTI". */
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
  /** In the user's language and in English, so "gold" and "黃金" both find XAU/USD. */
  names: readonly string[];
}

export function matchesInstrument(inst: Searchable, query: string): boolean {
  const q = searchKey(query);
  if (q === '') return true;
  return [inst.code, inst.showCode, ...inst.names].some((field) => searchKey(field).includes(q));
}

export const instrumentNameKey = (code: string): string => `instrument_names.${code}`;
