// @vitest-environment node
// The painter hears only of the codes it shows: an off-screen code's quote is held, and so is its stale flag. Off
// screen the worker parses no quotes, so thousands of codes age past the limit in the same check; their flags wait
// until a row shows the code, and a flag that went stale and back meanwhile is never sent.
import { describe, expect, it } from 'vitest';
import { QuoteBoard } from '../../../../workers/feed/quote-board.ts';
import { T_PRICE } from '../../../../workers/protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';

const NOW = 1_000_000;
const CODES = ['EURUSD', 'GBPUSD', 'USDJPY'];

function liveBoard(): QuoteBoard {
  const b = new QuoteBoard();
  b.live = true;
  b.setInstruments(
    CODES.map((c, i) => instrument(c, i + 1)),
    NOW,
  );
  for (const c of CODES) b.apply([c, '1.10000', '0.10', NOW, 1], NOW, NOW);
  b.takeQuotes();
  return b;
}

const flags = (b: QuoteBoard): number[] => Array.from(b.takeStale() ?? []);

describe('stale flags follow what the painter shows', () => {
  it('sends every fresh flag before the painter has said what it shows', () => {
    expect(flags(liveBoard())).toEqual([-1, -2, -3]);
  });

  it("holds an off-screen code's flag until a row shows it", () => {
    const b = liveBoard();
    b.takeStale();
    b.setInterest(['EURUSD']);
    b.evaluate(NOW + b.staleAfterMs + 1);
    expect(flags(b)).toEqual([1]); // the shown code alone, not every code that aged out
    b.setInterest(['EURUSD', 'GBPUSD']);
    expect(flags(b)).toEqual([2]);
    b.apply(['GBPUSD', '1.10010', '0.11', NOW + b.staleAfterMs + 2, 1], NOW + b.staleAfterMs + 2, NOW);
    expect(flags(b)).toEqual([-2]);
  });

  it('sends nothing for a code that went stale and back while off screen, and its newest quote when shown', () => {
    const b = liveBoard();
    b.takeStale();
    b.setInterest(['EURUSD']);
    const later = NOW + b.staleAfterMs + 1;
    b.evaluate(later);
    b.takeStale();
    b.apply(['USDJPY', '1.10020', '0.12', later, 1], later, later);
    b.setInterest(['EURUSD', 'USDJPY']);
    expect(b.takeStale()).toBeNull();
    expect(b.takeQuotes()?.quoteText[T_PRICE]).toBe('1.10020');
  });
});
