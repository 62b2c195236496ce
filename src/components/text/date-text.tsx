// A date and time inside text or a layout box. Unlike a figure (Num), it keeps the language's own direction: Arabic's
// formatter writes "25‏/11‏/2026، 05:00:00" with right-to-left marks, and forcing that run left to right (as .num does)
// scrambles it into "1805:00:00 ،2026/11/". An isolated run whose direction comes from its own text reads right in
// every language; its digits are still tabular.
import type { ReactElement } from 'react';
import { formatDate } from '../../i18n/format.ts';

export interface DateTextProps {
  /** A wire time, ms epoch or Date; shown as given when it cannot be read. */
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
