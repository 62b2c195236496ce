// Staff roles and their rights; each ops command declares the one it needs (docs/back-office.md "Roles and rights").
export const ROLES = ['support', 'finance', 'dealer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const RIGHTS = [
  'users', // a trader's account and balances, the outbox of codes
  'real-name', // the identity review
  'content', // news, announcements
  'feedback', // traders' messages to the team and the answers
  'deposits',
  'withdrawals',
  'credits', // manual credits, the fund job
  'price-desk', // the price desk: sources, mappings, offsets, rules (the `feeds` and `feed-*` commands)
  'halts',
  'instruments',
  'staff',
  'settings',
  'audit',
] as const;
export type Right = (typeof RIGHTS)[number];

export const ROLE_RIGHTS: Readonly<Record<Role, readonly Right[]>> = {
  support: ['users', 'real-name', 'content', 'feedback', 'audit'],
  finance: ['deposits', 'withdrawals', 'credits', 'audit'],
  dealer: ['price-desk', 'halts', 'instruments', 'audit'],
  admin: ['staff', 'settings', 'audit'],
};

export const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);

/** Break-glass holds every right; the shell only creates the first administrator. */
export interface OpsActor {
  kind: 'staff' | 'break-glass' | 'shell';
  /** 0 for break-glass and the shell. */
  staffId: number;
  /** As the audit log names them: "Name (login)", "break-glass" or "shell". */
  name: string;
  login: string;
  role: Role | 'break-glass' | 'shell';
  address: string;
}

export function mayUse(actor: Pick<OpsActor, 'role'>, right: Right): boolean {
  if (actor.role === 'break-glass') return true;
  if (actor.role === 'shell') return false; // the shell only creates the first administrator (staff-bootstrap)
  return ROLE_RIGHTS[actor.role].includes(right);
}
