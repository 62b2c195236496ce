// Keeps the language's direction: forced left to right (.num), Arabic's right-to-left marks scramble the date.
import type { ReactElement } from 'react';
import { formatDate } from '../../i18n/format.ts';

export interface DateTextProps {
  /** Shown as given when it cannot be read. */
  value: string | number;
  options?: Readonly<Intl.DateTimeFormatOptions>;
}

export function DateText({ value, options }: DateTextProps): ReactElement {
  return (
    <bdi dir="auto" className="date-text">
      {formatDate(value, options) || String(value)}
    </bdi>
  );
}
