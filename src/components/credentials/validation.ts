// docs/contract.md §5 form rules: each returns the first problem as {field, key} (an i18n key) or null.
import type { LoginType } from '../../api/account.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthOk } from '../../../domain/password-rule.ts';

export interface FieldError<F extends string> {
  field: F;
  key: string;
  params?: Record<string, string>;
}

const PASSWORD_LENGTH = {
  key: 'errors.password_length',
  params: { min: String(PASSWORD_MIN), max: String(PASSWORD_MAX) },
};

/** Shown at once under the field, gone once it fits. */
export function livePasswordProblem(password: string): { key: string; params: Record<string, string> } | null {
  return password !== '' && !passwordLengthOk(password) ? PASSWORD_LENGTH : null;
}

const blank = (v: string): boolean => v.trim() === '';

export type LoginField = 'account' | 'password';

export function validateLogin(f: { account: string; password: string }): FieldError<LoginField> | null {
  if (blank(f.account)) return { field: 'account', key: 'auth.account_required' };
  if (f.password === '') return { field: 'password', key: 'errors.password_required' };
  return null;
}

export type AccountField = 'account';

export function validateAccount(type: LoginType, account: string): FieldError<AccountField> | null {
  if (blank(account))
    return { field: 'account', key: type === 'email' ? 'errors.email_required' : 'errors.mobile_required' };
  return null;
}

export type PasswordField = 'password' | 'rePassword';

/** Both filled, the server's length rule, and the same. */
export function validatePasswords(password: string, rePassword: string): FieldError<PasswordField> | null {
  if (password === '') return { field: 'password', key: 'errors.password_required' };
  if (!passwordLengthOk(password)) return { field: 'password', ...PASSWORD_LENGTH };
  if (rePassword === '') return { field: 'rePassword', key: 'errors.repassword_required' };
  if (password !== rePassword) return { field: 'rePassword', key: 'errors.password_mismatch' };
  return null;
}

export type CodeField = 'code';

export function validateCode(code: string): FieldError<CodeField> | null {
  return blank(code) ? { field: 'code', key: 'errors.code_required' } : null;
}

export type RegisterField = AccountField | PasswordField | CodeField | 'invite';

export interface RegisterInput {
  type: LoginType;
  account: string;
  password: string;
  rePassword: string;
  code: string; // the sent code or the captcha text
  invite: string;
  inviteRequired: boolean;
}

/** In screen order. */
export function validateRegister(f: RegisterInput): FieldError<RegisterField> | null {
  return (
    validateAccount(f.type, f.account) ??
    validatePasswords(f.password, f.rePassword) ??
    (f.inviteRequired && blank(f.invite) ? { field: 'invite', key: 'errors.invite_code_required' } : null) ??
    validateCode(f.code)
  );
}

export type ResetField = AccountField | PasswordField | CodeField;

export function validateForgot(f: Omit<RegisterInput, 'invite' | 'inviteRequired'>): FieldError<ResetField> | null {
  return validateAccount(f.type, f.account) ?? validateCode(f.code) ?? validatePasswords(f.password, f.rePassword);
}

export type ChangeField = PasswordField | CodeField;

/** Password change (docs/contract.md §5): both fields filled and matching, and a code. */
export function validateChange(
  f: Pick<RegisterInput, 'password' | 'rePassword' | 'code'>,
): FieldError<ChangeField> | null {
  return validatePasswords(f.password, f.rePassword) ?? validateCode(f.code);
}
