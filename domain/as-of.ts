// The age of last-known data, one rule for the app and the inline paint; short, so it fits a row.
const CLOCK_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = { hour: '2-digit', minute: '2-digit' };
const DAY_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = { month: 'short', day: 'numeric' };

export function asOfOptions(ms: number, now: number): Readonly<Intl.DateTimeFormatOptions> {
  return new Date(ms).toDateString() === new Date(now).toDateString() ? CLOCK_OPTIONS : DAY_OPTIONS;
}
