// Roles refuse to start without what they need: market and gateway name DATABASE_URL and NATS_URL when missing (as
// createServer's first step and from the environment), ROLE takes only its three values, and `all` needs neither.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config.ts';
import { localBus } from '../../../server/bus/local-bus.ts';
import { createServer } from '../../../server/compose.ts';

describe('ROLE configuration', () => {
  it.each(['market', 'gateway'] as const)(
    'ROLE=%s without DATABASE_URL or NATS_URL stops with a clear error',
    async (role) => {
      await expect(createServer({ role, dataDir: '/nonexistent' })).rejects.toThrow(
        `ROLE=${role} needs DATABASE_URL (a postgres:// URL: every process shares one PostgreSQL) and NATS_URL (the broker, e.g. nats://127.0.0.1:4222)`,
      );
      await expect(
        createServer({ role, dataDir: '/nonexistent', databaseUrl: 'postgres://x@127.0.0.1:1/x' }),
      ).rejects.toThrow(`ROLE=${role} needs NATS_URL`);
      await expect(createServer({ role, dataDir: '/nonexistent', natsUrl: 'nats://127.0.0.1:1' })).rejects.toThrow(
        `ROLE=${role} needs DATABASE_URL`,
      );
      // A bus handed in (the cluster tests' in-process bus) stands for the broker: only the database is missing.
      await expect(createServer({ role, dataDir: '/nonexistent', bus: localBus() })).rejects.toThrow(
        /needs DATABASE_URL \(a postgres:\/\/ URL: every process shares one PostgreSQL\)$/,
      );
    },
  );

  it('reads ROLE and NATS_URL from the environment; all is the default; a wrong ROLE is named', () => {
    expect(configFromEnv({}).role).toBeUndefined();
    expect(configFromEnv({ ROLE: 'gateway', NATS_URL: 'nats://127.0.0.1:4222' })).toMatchObject({
      role: 'gateway',
      natsUrl: 'nats://127.0.0.1:4222',
    });
    expect(() => configFromEnv({ ROLE: 'writer' })).toThrow('ROLE must be one of all, market, gateway, got "writer"');
  });
});
