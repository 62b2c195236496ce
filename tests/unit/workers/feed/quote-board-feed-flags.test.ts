// @vitest-environment node
// The server's feed flags on a quote (QuoteTuple Feed/Reason, docs/protocol.md): "stale" shows the quote stale at once
// whatever its age, "halted" carries the reason to the painter, and an unflagged quote clears both.
import { describe, expect, it } from 'vitest';
import { QuoteBoard } from '../../../../workers/feed/quote-board.ts';
import { QUOTE_TEXTS, T_HALT } from '../../../../workers/protocol.ts';
import { instrument } from '../../../fixtures/instruments.ts';

const NOW = 1_000_000;

function board(): QuoteBoard {
  const b = new QuoteBoard();
  b.live = true;
  b.setInstruments([instrument('EURUSD', 1), instrument('GBPUSD', 2)], NOW);
  b.takeQuotes();
  b.takeStale();
  return b;
}

describe('feed flags on a quote', () => {
  it('"stale" marks a fresh quote stale; the next unflagged quote makes it live', () => {
    const b = board();
    b.apply(['EURUSD', '1.10000', '0.10', NOW, 1], NOW, NOW);
    expect(Array.from(b.takeStale() ?? [])).toEqual([-1]);
    b.apply(['EURUSD', '1.10000', '0.10', NOW, 1, 'stale'], NOW, NOW);
    expect(Array.from(b.takeStale() ?? [])).toEqual([1]);
    b.evaluate(NOW + 1);
    expect(b.takeStale()).toBeNull();
    b.apply(['EURUSD', '1.10010', '0.11', NOW + 2, 1], NOW + 2, NOW + 2);
    expect(Array.from(b.takeStale() ?? [])).toEqual([-1]);
  });

  it('"halted" sends the reason with the quote (MarketStatus 0: not stale, closed), and clears it after', () => {
    const b = board();
    b.apply(['GBPUSD', '1.25000', '0.00', NOW, 0, 'halted', 'Price check'], NOW, NOW);
    const first = b.takeQuotes();
    expect(first?.quoteText[T_HALT]).toBe('Price check');
    expect(first?.quoteText.length).toBe(QUOTE_TEXTS);
    expect(Array.from(b.takeStale() ?? [])).toEqual([-2]);
    b.apply(['GBPUSD', '1.25000', '0.00', NOW + 1, 1], NOW + 1, NOW + 1);
    expect(b.takeQuotes()?.quoteText[T_HALT]).toBe('');
  });
});
