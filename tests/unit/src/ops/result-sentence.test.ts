// Every back-office answer is a sentence (src/ops/result-sentence.ts): a waiting approval's id is said as an id, not
// a count; approval-give and the staff commands say what happened in words; no answer is raw JSON.
import { describe, expect, it } from 'vitest';
import { resultSentence } from '../../../../src/ops/result-sentence.ts';

describe('resultSentence', () => {
  it('says a waiting movement is approval no. N and that nothing moved', () => {
    const s = resultSentence('withdraw-paid', {
      waiting_for_second_approval: 2,
      what: 'withdrawal #7: 15000.00 USD (15000 USDT)',
    });
    expect(s).toBe(
      'Nothing has moved yet: withdrawal #7: 15000.00 USD (15000 USDT) waits for a second finance member (approval no. 2 under Second approvals).',
    );
    expect(s).not.toMatch(/waiting_for_second_approval/);
  });

  it('says approval-give in words with the command and who asked, and the rest as values', () => {
    const s = resultSentence('approval-give', {
      approval: 4,
      first_by: 'Fred Finance (fred)',
      command: 'user-credit',
      user: 'U123',
      credited: '12000.00',
      balance: '12000.00',
    });
    expect(s).toBe(
      'Approval no. 4 given: the user-credit that Fred Finance (fred) asked for is done (user U123, credited 12000.00, balance 12000.00).',
    );
    expect(s).not.toMatch(/[{}"]/);
  });

  it('says the staff commands in words', () => {
    expect(
      resultSentence('staff-create', { login: 'sam', name: 'Sam Lee', role: 'finance', first_password: 'x' }),
    ).toBe('Sam Lee (sam) is a finance member now: give them the first password below.');
    expect(resultSentence('staff-revoke', { login: 'sam', sessions_revoked: 1 })).toBe('1 session of sam ended.');
    expect(
      resultSentence('staff-disable', {
        login: 'sam',
        name: 'Sam Lee',
        role: 'finance',
        active: false,
        sessions_revoked: 0,
      }),
    ).toBe('Sam Lee (sam) is disabled and 0 sessions ended.');
    expect(resultSentence('approval-drop', { approval: 3, status: 'dropped' })).toBe(
      'Approval no. 3 dropped: nothing was paid or credited.',
    );
  });

  it('says any other object as "Done:" and its values, nested ones in brackets; nothing as "Done."', () => {
    expect(resultSentence('withdraw-reject', { userId: 5, answer: { id: 9, status: 3 } })).toBe(
      'Done: userId 5, answer (id 9, status 3).',
    );
    expect(resultSentence('setting-set', null)).toBe('Done.');
    expect(resultSentence('charge-list', [{ id: 1 }])).toBe('');
  });
});
