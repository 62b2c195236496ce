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

/** Break-glass holds every right; the shell's first administrator is no actor (staff/bootstrap.ts). */
export interface OpsActor {
  kind: 'staff' | 'break-glass';
  /** 0 for break-glass. */
  staffId: number;
  /** As the audit log names them: "Name (login)" or "break-glass". */
  name: string;
  login: string;
  role: Role | 'break-glass';
  address: string;
}

export function mayUse(actor: Pick<OpsActor, 'role'>, right: Right): boolean {
  if (actor.role === 'break-glass') return true;
  return ROLE_RIGHTS[actor.role].includes(right);
}
