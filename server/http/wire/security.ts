import type { FactorSetup, RecoveryCodes, SecurityOverview, SessionInfo } from '../../../domain/security-types.ts';
import { bool, enumOf, integer, listOf, shape, text } from '../wire-schema.ts';

const SESSION_INFO = shape<SessionInfo>('SessionInfo', {
  id: integer,
  device: text,
  address: text,
  created_at: integer,
  last_seen_at: integer,
  current: bool,
});

export const SECURITY_OVERVIEW = shape<SecurityOverview>('SecurityOverview', {
  second_factor: enumOf(0, 1),
  recovery_left: integer,
  withdrawals_held_until: integer,
  sessions: listOf(SESSION_INFO),
});

export const FACTOR_SETUP = shape<FactorSetup>('FactorSetup', { secret: text, uri: text });

export const RECOVERY_CODES = shape<RecoveryCodes>('RecoveryCodes', { recovery_codes: listOf(text) });

export const WITHDRAW_CODE_SENT = shape<{ key: string; resend_after: number; channel: string }>('WithdrawCodeSent', {
  key: text,
  resend_after: integer,
  channel: enumOf('email', 'sms', 'factor'),
});
