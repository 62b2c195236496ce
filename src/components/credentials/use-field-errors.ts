// The auth forms' messages, on the app's one per-field mechanism (use-field-messages.ts).
import type { FieldError } from './validation.ts';
import { useFieldMessages, type FieldMessages, type FieldNote, type FieldNotes } from '../forms/use-field-messages.ts';

export interface FieldErrors<F extends string> {
  /** Null clears every shown message. */
  setError: (error: FieldError<F> | null) => void;
  edit: (field: F, set: (v: string) => void) => (v: string) => void;
  noteOf: (field: F) => FieldNote | null;
  /** Answers whether the form may be sent. */
  accept: (problem: FieldError<F> | null) => boolean;
  inputProps: (field: F, value: string, set: (v: string) => void) => BoundInput;
  /** A server refusal goes through messages.show(field or 'form', { text }). */
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
