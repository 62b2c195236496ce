// Time on the wire, the one formatter: lists (financial records, charges, withdrawals, funds, news) show times as
// "YYYY-MM-DD HH:mm:ss", UTC.
export function wireTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
}
