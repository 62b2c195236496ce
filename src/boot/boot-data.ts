// What index.html tells its inline script and the app about the prerendered first screen (scripts/prerender-plugin.ts
// writes it as JSON in <script id="tw-boot">): the catalogue the rows were drawn with, the /trade instrument drawn,
// and the texts and language tag the age of a last-known price is written in.
import type { Instrument } from '../../domain/types.ts';
import type { LastKnownQuote } from './last-known.ts';

declare global {
  interface Window {
    /** The last-known quotes the inline script painted (none when there were none, or no prerendered screen). */
    __twBoot?: Promise<LastKnownQuote[]>;
  }
}

export const BOOT_DATA_ID = 'tw-boot';
/** <template> ids: the /trade screen, and the plain start-up shell for any screen not prerendered. */
export const TRADE_TEMPLATE_ID = 'tw-pre-trade';
export const SHELL_TEMPLATE_ID = 'tw-pre-shell';

export interface BootData {
  catalogue: Instrument[];
  tradeCode: string; // the instrument the prerendered /trade shows (the catalogue's first)
  lang: string; // the language drawn (the default, hk)
  tag: string; // its BCP 47 tag, for the age's clock time
  asOf: string; // 'market.as_of' in that language, with {{time}}
  stale: string; // 'market.stale'
  closed?: string; // 'market.closed': a served quote of a closed market (first-quotes.ts)
  halted?: string; // 'market.halted'
}

export function readBootData(doc: Document): BootData | null {
  const text = doc.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}
