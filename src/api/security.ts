// docs/api.md "Account security".
import type { FactorSetup, RecoveryCodes, SecurityOverview } from '../../domain/security-types.ts';
import { ApiFailure, apiGet, apiPost, apiPostFull } from './client.ts';

export const securityOverview = () => apiGet<SecurityOverview>('/api/security/overview');
/** Needs the password: a session alone cannot turn the factor on. */
export const beginFactor = (password: string) =>
  apiPost<FactorSetup>('/api/security/factor/begin', { password }, { loading: true });
export const confirmFactor = (code: string) =>
  apiPost<RecoveryCodes>('/api/security/factor/confirm', { code: code.trim() }, { loading: true });
export const turnFactorOff = (code: string) =>
  apiPostFull<null>('/api/security/factor/off', { code: code.trim() }, { loading: true });
export const renewRecoveryCodes = (code: string) =>
  apiPost<RecoveryCodes>('/api/security/factor/recovery_codes', { code: code.trim() }, { loading: true });
export const revokeSession = (id: number) =>
  apiPostFull<null>('/api/security/sessions/revoke', { id }, { loading: true });
export const revokeOtherSessions = () =>
  apiPostFull<null>('/api/security/sessions/revoke_others', {}, { loading: true });

/** Sent by e-mail or SMS, or 'factor' (the authenticator's code is the one). */
export const requestWithdrawCode = () =>
  apiPostFull<{ key: string; resend_after: number; channel: 'email' | 'sms' | 'factor' }>(
    '/api/security/withdraw_code',
    {},
    { loading: true },
  );

/** The server answers data { second_factor: 1 }. */
export function needsSecondFactor(err: unknown): boolean {
  return err instanceof ApiFailure && (err.data as { second_factor?: unknown } | null)?.second_factor === 1;
}

/** "This wasn't me": freezes withdrawals, ends every session, removes the factor. */
export const disownFactor = (token: string) => apiPostFull<null>('/api/notify/not_me', { token }, { loading: true });
