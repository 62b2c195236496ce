// Lists on the wire (financial records, charges, withdrawals, funds) show times as "YYYY-MM-DD HH:mm:ss", UTC.
export function recordTime(ms: number | string): string {
  return new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ');
}
