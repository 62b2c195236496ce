// One reader of wire times and one display, so a screen never shows two formats.

const WIRE_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?(Z|[+-]\d{2}:?\d{2})?$/;

/** A number is ms epoch, "YYYY-MM-DD HH:mm:ss" is UTC, ISO keeps its offset; else null. */
export function parseWireTime(value: number | string | Date): number | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const m = WIRE_TEXT.exec(value.trim());
  if (!m) return null;
  // Without an offset the wire means UTC (the list format); with one, Date reads the ISO text itself.
  if (m[8] !== undefined) {
    const ms = Date.parse(value.trim());
    return Number.isNaN(ms) ? null : ms;
  }
  return Date.UTC(
    Number(m[1]),
    Number(m[2]) - 1,
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6]),
    Number((m[7] ?? '0').padEnd(3, '0')),
  );
}

/** The viewer's time zone and the language's order, 24-hour with seconds: 'hk' 18/11/2026 12:12:21. */
export const DATE_TIME_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** A bar is at least a minute, so the crosshair label drops the seconds. */
export const BAR_TIME_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = { ...DATE_TIME_OPTIONS, second: undefined };

/** The server's list times on the wire (records, charges, withdrawals, funds, news). */
export function wireTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
}
