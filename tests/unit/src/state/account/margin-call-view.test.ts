// When the margin-call banner shows (src/state/account/margin-call-view.ts): a dismissed banner comes back only at the
// next crossing — the rate seen above the level, then at or below it again — never because the rate was unknown for a
// moment while the feed resynced its positions.
import { afterEach, describe, expect, it } from 'vitest';
import type { MarginCall } from '../../../../../domain/ws-protocol.ts';
import { $account } from '../../../../../src/state/feed/feed-signals.ts';
import { $heldPositions, $livePositions } from '../../../../../src/state/orders/position-sync.ts';
import { appOrder } from '../../../orders-fixtures.ts';
import {
  $dismissed,
  $marginCall,
  $marginCallLevel,
  dismissMarginCall,
  showMarginCall,
} from '../../../../../src/state/account/margin-call.ts';
import { $marginCallOn } from '../../../../../src/state/account/margin-call-view.ts';

const HELD = { Id: 7, current: '1.07500', pnl: '-3590.00', netValue: '', riskRate: null };

/** The feed's figures for one held position (none when `riskRate` is null), or for `positions`. */
function rate(riskRate: string | null, positions = riskRate === null ? [] : [HELD]): void {
  $account.value = { positions, floating: '0', equity: '0', riskRate, stopOutDistance: null };
}

afterEach(() => {
  $account.value = null;
  $livePositions.value = false;
  $marginCall.value = null;
  $marginCallLevel.value = null;
  $dismissed.value = false;
  $heldPositions.value = [];
});

describe('the margin-call banner', () => {
  it('stays dismissed through a moment with no live positions, and comes back at the next crossing', () => {
    $marginCallLevel.value = '1000.00';
    $livePositions.value = true;
    rate('9.5'); // 950 %: at or below 1,000 %
    expect($marginCallOn.value).toBe(true);
    dismissMarginCall();
    expect($marginCallOn.value).toBe(false);

    $livePositions.value = false; // the feed resyncs: the rate is not known
    $livePositions.value = true;
    rate('9.4');
    expect($marginCallOn.value).toBe(false);

    rate('10.5'); // back above the level
    rate('9.6'); // and down again: a new crossing
    expect($marginCallOn.value).toBe(true);
  });

  it('stays dismissed while nothing is known, and the server’s next call shows it again', () => {
    $marginCallLevel.value = '1000.00';
    $livePositions.value = true;
    rate('9.5');
    dismissMarginCall();
    rate(null); // a moment with no position in the figures
    rate('9.0');
    expect($marginCallOn.value).toBe(false);
    showMarginCall({ risk_rate: '900.00', level: '1000.00' } satisfies MarginCall);
    expect($marginCallOn.value).toBe(true);
  });

  it('stays dismissed when a screen of positions mounts again: the feed’s figures before it has them are no crossing', () => {
    $heldPositions.value = [appOrder({ Id: HELD.Id })];
    $marginCallLevel.value = '1000.00';
    $livePositions.value = true;
    rate('8.45'); // 845 %: at or below 1,000 %
    dismissMarginCall();
    // The screen goes: the feed is given no positions, and its figures keep the balance over the margin, 1,030 %.
    $livePositions.value = false;
    rate('10.30', []);
    // The screen is back: the positions are pushed, and for a moment the figures are still those.
    $livePositions.value = true;
    expect($marginCallOn.value).toBe(false);
    rate('8.44'); // the feed's figures with the position
    expect($marginCallOn.value).toBe(false);
  });

  it('keeps a banner dismissed before the server’s call for the same crossing arrives', () => {
    $marginCallLevel.value = '1000.00';
    $livePositions.value = true;
    rate('10.5');
    rate('9.5'); // the app sees the crossing first
    expect($marginCallOn.value).toBe(true);
    dismissMarginCall();
    showMarginCall({ risk_rate: '950.00', level: '1000.00' }); // the server's call for it, a moment later
    expect($marginCallOn.value).toBe(false);
    rate('10.5');
    rate('9.0'); // a new crossing
    showMarginCall({ risk_rate: '900.00', level: '1000.00' });
    expect($marginCallOn.value).toBe(true);
  });
});
