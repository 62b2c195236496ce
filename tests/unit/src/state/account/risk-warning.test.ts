// The risk warning's state (src/state/account/retail.ts): the layout holds an empty box until it is known, so an
// unanswered request must end that wait (no box), and a later screen's request still brings the warning. The answer
// is kept for the next start from the service worker's page, which src/boot paints from it.
import { describe, expect, it, vi } from 'vitest';
import { get } from 'idb-keyval';
import type { RiskWarning } from '../../../../../domain/retail.ts';
import { RISK_WARNING_KEY } from '../../../../../domain/stored-keys.ts';

const answers: { resolve(w: RiskWarning): void; reject(e: unknown): void }[] = [];
vi.mock('../../../../../src/api/retail.ts', () => ({
  riskWarning: vi.fn(() => new Promise<RiskWarning>((resolve, reject) => answers.push({ resolve, reject }))),
  retailTerms: vi.fn(),
}));
const { $riskWarning, loadRiskWarning } = await import('../../../../../src/state/account/retail.ts');

describe('loadRiskWarning', () => {
  it('shows no box when unanswered, and the warning once a later request answers', async () => {
    loadRiskWarning();
    loadRiskWarning(); // once per page load
    expect(answers.length).toBe(1);
    expect($riskWarning.value).toBeNull(); // the layout holds the box meanwhile
    answers[0]?.reject(new Error('offline'));
    await vi.waitFor(() => expect($riskWarning.value).toEqual({ shown: false, percent: null, computed_at: null }));
    loadRiskWarning(); // the next screen asks again
    expect(answers.length).toBe(2);
    answers[1]?.resolve({ shown: true, percent: 74, computed_at: 1 });
    await vi.waitFor(() => expect($riskWarning.value).toEqual({ shown: true, percent: 74, computed_at: 1 }));
    await vi.waitFor(async () =>
      expect(await get(RISK_WARNING_KEY)).toEqual({ shown: true, percent: 74, computed_at: 1 }),
    );
  });

  it('draws the warning the last visit kept at once, asks the route again, and keeps it offline', async () => {
    vi.resetModules(); // a new page load
    const retail = await import('../../../../../src/state/account/retail.ts');
    const kept = { shown: true, percent: 71, computed_at: 1 };
    retail.seedStoredRiskWarning(kept);
    expect(retail.$riskWarning.value).toEqual(kept);
    const asked = answers.length;
    retail.loadRiskWarning();
    expect(answers.length).toBe(asked + 1); // the kept one may be a quarter old
    answers[asked]?.reject(new Error('offline'));
    // Once the refusal is handled the next screen asks again; the kept warning stayed meanwhile.
    await vi.waitFor(() => {
      retail.loadRiskWarning();
      expect(answers.length).toBe(asked + 2);
    });
    expect(retail.$riskWarning.value).toEqual(kept);
    answers[asked + 1]?.resolve({ shown: true, percent: 72, computed_at: 2 });
    await vi.waitFor(() => expect(retail.$riskWarning.value).toEqual({ shown: true, percent: 72, computed_at: 2 }));
  });
});
