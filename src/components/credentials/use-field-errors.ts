// The auth forms' messages, on the app's one per-field mechanism (components/use-field-messages.ts): one message
// per field under it, the rules that run as the user types (`live`), a submit's first problem, a server refusal
// under its field or the form; each goes once its field is edited.
import type { FieldError } from './validation.ts';
import { useFieldMessages, type FieldMessages, type FieldNote, type FieldNotes } from '../forms/use-field-messages.ts';

export interface FieldErrors<F extends string> {
  /** Shows a problem under its field (null clears every shown message). */
  setError: (error: FieldError<F> | null) => void;
  /** An input's onChange: stores the value and drops the shown message of this field (and the form's). */
  edit: (field: F, set: (v: string) => void) => (v: string) => void;
  /** The message under `field` now, or null. */
  noteOf: (field: F) => FieldNote | null;
  /** Shows a validation's problem (or clears the messages) and answers whether the form may be sent. */
  accept: (problem: FieldError<F> | null) => boolean;
  /** A Field's value, onChange (edit) and note for `field`. */
  inputProps: (field: F, value: string, set: (v: string) => void) => BoundInput;
  /** The shared mechanism underneath (a server refusal: messages.show(field or 'form', { text })). */
  messages: FieldMessages<F>;
}

export interface BoundInput {
  value: string;
  onChange: (v: string) => void;
  note: FieldNote | null;
}

const asNote = (e: FieldError<string>): FieldNote => ({ key: e.key, params: e.params });

export function useFieldErrors<F extends string>(live: FieldNotes<F> = {}): FieldErrors<F> {
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
  return { setError, edit: messages.edit, noteOf: messages.of, accept, inputProps, messages };
}
