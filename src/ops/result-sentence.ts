// One English sentence, so an id is never read as a count and nothing is raw JSON (docs/back-office.md "The page").
import { cellText as str, isRow, type Row } from './ops-api.ts';

const sessions = (n: unknown): string => (Number(n) === 1 ? '1 session' : `${str(n)} sessions`);
const who = (r: Row): string => (r.name ? `${str(r.name)} (${str(r.login)})` : str(r.login));
const words = (key: string): string => key.replace(/_/g, ' ');

/** "id 3, status 2, lock balance 0.00"; nested objects said the same way. */
function details(r: Row): string {
  return Object.entries(r)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${words(k)} ${isRow(v) ? `(${details(v)})` : str(v)}`)
    .join(', ');
}

const SAID: Readonly<Record<string, (r: Row) => string>> = {
  'approval-give': (r) => {
    const rest: Row = { ...r };
    for (const k of ['approval', 'first_by', 'command']) delete rest[k];
    const more = details(rest);
    return `Approval no. ${str(r.approval)} given: the ${str(r.command)} that ${str(r.first_by)} asked for is done${more ? ` (${more})` : ''}.`;
  },
  'approval-drop': (r) => `Approval no. ${str(r.approval)} dropped: nothing was paid or credited.`,
  'staff-create': (r) => `${who(r)} is a ${str(r.role)} member now: give them the first password below.`,
  'staff-reset': (r) =>
    `${str(r.login)}’s password and second factor are reset and ${sessions(r.sessions_revoked)} ended: give them the first password below.`,
  'staff-revoke': (r) => `${sessions(r.sessions_revoked)} of ${str(r.login)} ended.`,
  'staff-disable': (r) => `${who(r)} is disabled and ${sessions(r.sessions_revoked)} ended.`,
  'staff-enable': (r) => `${who(r)} is enabled again.`,
  'staff-role': (r) => `${who(r)} is ${str(r.role)} now.`,
};

/** '' for a list: a list is a table, not a sentence. */
export function resultSentence(name: string, data: unknown): string {
  if (data === null || data === undefined) return 'Done.';
  if (Array.isArray(data)) return '';
  if (!isRow(data)) return `Done: ${str(data)}.`;
  if ('waiting_for_second_approval' in data) {
    return `Nothing has moved yet: ${str(data.what)} waits for a second finance member (approval no. ${str(data.waiting_for_second_approval)} under Second approvals).`;
  }
  const said = SAID[name];
  if (said) return said(data);
  const all = details(data);
  return all ? `Done: ${all}.` : 'Done.';
}
