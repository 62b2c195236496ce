// The prerendered rows: the seeded catalogue, open and without a quote, so a row shows no made-up price.
import { INSTRUMENTS, logoPath, instrumentFromDef, toWireInstrument } from '../server/market/instrument-catalogue.ts';
import type { Instrument } from '../domain/types.ts';

export function buildCatalogue(): Instrument[] {
  return INSTRUMENTS.map((d, i) => {
    const { ForexQuotations: _none, ...wire } = toWireInstrument(
      instrumentFromDef(d, logoPath(d.code), i, false),
      undefined,
    );
    return { ...wire, MarketStatus: 1 } as Instrument;
  });
}
