// The one mechanism for form messages: at most one message per field, shown under its field by
// <FieldMessage>, replaced by the newest one, and gone once its cause is fixed. Two sources feed it:
// - `live`: what the form's rules say about the values as they are now (computed by the caller on every render, so a
//   fixed value drops its message by itself: validation as the user types);
// - `show`: a message the submit or the server gave a field (or the whole form: the field 'form'); it stays until
//   that field is edited (`edit`), replaced by the next `show`, and it wins over the live one while it stays.
import { useCallback, useState } from 'react';

/** A message: an i18n key with its values, or a text already translated (a server's `msg`). */
export type FieldNote = { key: string; params?: Record<string, string> | undefined } | { text: string };

export type FieldNotes<F extends string> = Partial<Record<F, FieldNote | null>>;

/** The field a message for the whole form (a server refusal) is kept under. */
export const FORM_FIELD = 'form';
type Form = typeof FORM_FIELD;

export interface FieldMessages<F extends string> {
  /** The one message to show for `field` now, or null. */
  of: (field: F | Form) => FieldNote | null;
  /** Gives `field` its message (null clears it), replacing the one it had. */
  show: (field: F | Form, note: FieldNote | null) => void;
  /** Replaces every shown message at once (a submit's check); answers whether there was none. */
  showAll: (notes: FieldNotes<F | Form>) => boolean;
  /** An input's onChange: stores the value and drops the shown message of this field and of the form. */
  edit: <T>(field: F, set: (value: T) => void) => (value: T) => void;
  /** Drops the shown message of `field`, or all of them. */
  clear: (field?: F | Form) => void;
  /** True when some field (live or shown) has a message: the form must not look ready (no preview, no send). */
  blocked: boolean;
}

function hasNote(notes: FieldNotes<string>): boolean {
  return Object.values(notes).some((n) => n !== null && n !== undefined);
}

export function useFieldMessages<F extends string>(live: FieldNotes<F> = {}): FieldMessages<F> {
  const [shown, setShown] = useState<FieldNotes<F | Form>>({});
  const show = useCallback((field: F | Form, note: FieldNote | null) => setShown((s) => ({ ...s, [field]: note })), []);
  const showAll = useCallback((notes: FieldNotes<F | Form>) => {
    setShown(notes);
    return !hasNote(notes);
  }, []);
  const clear = useCallback(
    (field?: F | Form) => setShown((s) => (field === undefined ? {} : { ...s, [field]: null })),
    [],
  );
  const edit = useCallback(
    <T>(field: F, set: (value: T) => void) =>
      (value: T): void => {
        set(value);
        setShown((s) => (s[field] || s[FORM_FIELD] ? { ...s, [field]: null, [FORM_FIELD]: null } : s));
      },
    [],
  );
  const of = (field: F | Form): FieldNote | null => shown[field] ?? (field === FORM_FIELD ? null : live[field]) ?? null;
  const blocked = hasNote(live) || hasNote(shown);
  return { of, show, showAll, edit, clear, blocked };
}
