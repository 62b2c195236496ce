// The three roles one codebase runs as (docs/scaling.md).
export const ROLES = ['all', 'market', 'gateway'] as const;
export type Role = (typeof ROLES)[number];

export function roleEnv(raw: string | undefined): Role | undefined {
  if (raw === undefined || raw === '') return undefined;
  if ((ROLES as readonly string[]).includes(raw)) return raw as Role;
  throw new Error(`ROLE must be one of ${ROLES.join(', ')}, got "${raw}"`);
}

/** Throws one clear error naming every missing setting; a given bus (tests) is the broker. */
export function checkRole(
  role: Role,
  cfg: { databaseUrl?: string | undefined; natsUrl?: string | undefined; bus?: unknown },
): void {
  if (role === 'all') return;
  const missing: string[] = [];
  if (!cfg.databaseUrl) missing.push('DATABASE_URL (a postgres:// URL: every process shares one PostgreSQL)');
  if (!cfg.natsUrl && !cfg.bus) missing.push('NATS_URL (the broker, e.g. nats://127.0.0.1:4222)');
  if (missing.length > 0) throw new Error(`ROLE=${role} needs ${missing.join(' and ')}`);
}
