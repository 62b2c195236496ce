// `server/serve.ts` as a real process: starts from the environment on a free port, prints the URL and the demo hint,
// stops cleanly on SIGTERM, and a restart on the same database still has the accounts. On TEST_DB=postgres it
// runs with DATABASE_URL; otherwise on PGlite files in DATA_DIR (pre-filled from the template to save an initdb).
import { describe, expect, it } from 'vitest';
import type { Balance, LoginResult } from '../../../domain/types.ts';
import { api } from '../support/harness.ts';
import { useServerProcesses, type ServerProcess } from '../support/server-process.ts';
import { slow } from '../../fixtures/slowness.ts';

const processes = useServerProcesses('main');

function stop(s: ServerProcess): Promise<number | null> {
  return new Promise((resolve) => {
    s.child.once('exit', (code) => resolve(code));
    s.child.kill('SIGTERM');
  });
}

describe('the server process', () => {
  it(
    'starts, prints how to try the demo, stops on SIGTERM, and keeps data across a restart',
    async () => {
      const first = await processes.start();
      expect(first.output()).toMatch(/demo/i);
      const client = api(first.url, { lang: 'en' });
      expect((await client.get('/healthz')).code).toBe(1);
      const demo = await client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: 'restart-check-1' });
      expect(demo.code).toBe(1);
      expect(await stop(first)).toBe(0);

      const second = await processes.start();
      const again = await api(second.url).get<LoginResult>('/api/user/createAccountDemoForU', {
        demo_id: 'restart-check-1',
      });
      expect(again.data.user.id).toBe(demo.data.user.id);
      // The old token is still valid: sessions live in the database, not in memory.
      const bal = await api(second.url, { token: demo.data.token }).get<Balance>('/v1/api/main/wallet/getBalance');
      expect(bal).toMatchObject({ code: 1, data: { balance: '100000.00' } });
      expect(await stop(second)).toBe(0);
    },
    slow(60_000),
  );
});
