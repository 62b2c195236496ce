// The auth forms' inputs (names, browser hints) and messages, on the one per-field mechanism (use-field-messages.ts).
import type { FieldError } from './validation.ts';
import { useFieldMessages, type FieldNote, type FieldNotes } from '../forms/use-field-messages.ts';
import type { FieldProps } from '../forms/field.tsx';

// Each sign-in input's names and browser hints in one place; a screen spreads one into a Field.
type FieldKind = Omit<FieldProps, 'value' | 'onChange'>;

/** An e-mail or a phone number: the e-mail keyboard and no capital letters. */
export const ACCOUNT_FIELD = {
  name: 'account',
  labelKey: 'auth.account',
  placeholderKey: 'auth.account_placeholder',
  autoComplete: 'username',
  inputMode: 'email',
  autoCapitalize: 'none',
} satisfies FieldKind;
export const LOGIN_PASSWORD_FIELD = {
  name: 'password',
  type: 'password',
  labelKey: 'auth.password',
  placeholderKey: 'auth.password_placeholder',
  autoComplete: 'current-password',
} satisfies FieldKind;
/** Each screen names the input as its request does. */
export const NEW_PASSWORD_FIELD = {
  type: 'password',
  placeholderKey: 'auth.password_placeholder',
  autoComplete: 'new-password',
} satisfies Omit<FieldKind, 'labelKey'>;
export const REPEAT_PASSWORD_FIELD = {
  type: 'password',
  labelKey: 'auth.repassword',
  placeholderKey: 'auth.repassword_placeholder',
  autoComplete: 'new-password',
} satisfies FieldKind;
export const EMAIL_FIELD = {
  name: 'email',
  type: 'email',
  labelKey: 'auth.email',
  placeholderKey: 'auth.email_placeholder',
  autoComplete: 'email',
  autoCapitalize: 'none',
} satisfies FieldKind;
export const MOBILE_FIELD = {
  name: 'mobile',
  type: 'tel',
  labelKey: 'auth.mobile',
  placeholderKey: 'auth.mobile_placeholder',
  autoComplete: 'tel-national',
  inputMode: 'tel',
} satisfies FieldKind;
export const INVITE_FIELD = {
  name: 'invite_code',
  labelKey: 'auth.invite_code',
  placeholderKey: 'auth.invite_placeholder',
  autoCapitalize: 'characters',
} satisfies FieldKind;

export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;

export type BoundInput = Required<Pick<FieldProps, 'value' | 'onChange' | 'note'>>;

const asNote = (e: FieldError<string>): FieldNote => ({ key: e.key, params: e.params });

/**
 * `setError(null)` clears every shown message; `accept` answers whether the form may be sent; a server refusal goes
 * through messages.show(field or 'form', { text }).
 */
export function useFieldErrors<F extends string>(live: FieldNotes<F> = {}) {
  const messages = useFieldMessages<F>(live);
  const setError = (error: FieldError<F> | null): void => {
    if (error) messages.show(error.field, asNote(error));
    else messages.clear();
  };
  const accept = (problem: FieldError<F> | null): boolean => {
    const shown = problem ? ({ [problem.field]: asNote(problem) } as FieldNotes<F>) : {};
    return messages.showAll(shown) && !Object.values(live).some((n) => n);
  };
  const inputProps = (field: F, value: string, set: (v: string) => void): BoundInput => ({
    value,
    onChange: messages.edit(field, set),
    note: messages.of(field),
  });
  return { setError, accept, inputProps, messages };
}
