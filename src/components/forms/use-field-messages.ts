// One message per field: `live` from the rules on every render, `show` from a submit or server, kept until edited.
import { useCallback, useState } from 'react';

/** A message: an i18n key with its values, or a text already translated (a server's `msg`). */
export type FieldNote = { key: string; params?: Record<string, string> | undefined } | { text: string };

export type FieldNotes<F extends string> = Partial<Record<F, FieldNote | null>>;

/** The field a message for the whole form (a server refusal) is kept under. */
export const FORM_FIELD = 'form';
type Form = typeof FORM_FIELD;

function hasNote(notes: FieldNotes<string>): boolean {
  return Object.values(notes).some((n) => n !== null && n !== undefined);
}

/**
 * `show(field, null)` clears it; `showAll` answers whether there was none; `edit` stores the value and drops the shown
 * message of this field and of the form; `blocked`: the form must not look ready (no preview, no send) while a field
 * has a message.
 */
export function useFieldMessages<F extends string>(live: FieldNotes<F> = {}) {
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
