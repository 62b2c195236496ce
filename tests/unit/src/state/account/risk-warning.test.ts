// The risk warning's state (src/state/account/retail.ts): the layout holds an empty box until it is known, so an
// unanswered request must end that wait (no box), and a later screen's request still brings the warning.
import { describe, expect, it, vi } from 'vitest';
import type { RiskWarning } from '../../../../../domain/retail.ts';

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
  });
});
