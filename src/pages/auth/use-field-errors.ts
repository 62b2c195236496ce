// The one validation message a form shows at a time: which field it belongs to, and clearing it when that field is edited.
import { useState } from 'react';
import type { FieldError } from './validation.ts';

export interface FieldErrors<F extends string> {
  error: FieldError<F> | null;
  setError: (error: FieldError<F> | null) => void;
  /** An input's onChange: stores the value and drops the message if it was this field's. */
  edit: (field: F, set: (v: string) => void) => (v: string) => void;
  /** The i18n key to show under `field`, or null. */
  fieldError: (field: F) => string | null;
  /** Shows a validation's problem (or clears the message) and answers whether there was none. */
  accept: (problem: FieldError<F> | null) => boolean;
  /** A Field's value, onChange (edit) and errorKey (fieldError) for `field`. */
  inputProps: (field: F, value: string, set: (v: string) => void) => BoundInput;
}

export interface BoundInput {
  value: string;
  onChange: (v: string) => void;
  errorKey: string | null;
}

export function useFieldErrors<F extends string>(): FieldErrors<F> {
  const [error, setError] = useState<FieldError<F> | null>(null);
  const edit = (field: F, set: (v: string) => void) => (v: string) => {
    set(v);
    if (error?.field === field) setError(null);
  };
  const fieldError = (field: F): string | null => (error?.field === field ? error.key : null);
  const accept = (problem: FieldError<F> | null): boolean => {
    setError(problem);
    return problem === null;
  };
  const inputProps = (field: F, value: string, set: (v: string) => void): BoundInput => ({
    value,
    onChange: edit(field, set),
    errorKey: fieldError(field),
  });
  return { error, setError, edit, fieldError, accept, inputProps };
}
