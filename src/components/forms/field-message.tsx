// In the flow under the field: it pushes what follows down and never covers the field or the control that raised it.
import type { ReactElement } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { TFunction } from '../../i18n/index.ts';
import type { FieldNote, FieldNotes } from './use-field-messages.ts';
import './field-message.css';

export interface FieldMessageProps {
  id: string;
  note: FieldNote | null;
  /** So tests and styles can find the message of a field. */
  field: string;
}

export function FieldMessage({ id, note, field }: FieldMessageProps): ReactElement | null {
  const { t } = useTranslation();
  if (!note) return null;
  return (
    <p id={id} className="field-message" role="alert" data-message-for={field}>
      {noteText(t, note)}
    </p>
  );
}

/** Shown by a FieldMessage with `id`. */
export function describedBy(
  id: string,
  note: FieldNote | null,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return note ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}

export function noteText(t: TFunction, note: FieldNote): string {
  return 'text' in note ? note.text : t(note.key, note.params);
}

/** For a place with no field to show it under, e.g. a one-click press. */
export function firstNote<F extends string>(notes: FieldNotes<F>): FieldNote | null {
  return Object.values<FieldNote | null | undefined>(notes).find((n): n is FieldNote => !!n) ?? null;
}
