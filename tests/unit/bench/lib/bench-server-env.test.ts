// A bench path that trades asks for a weekday's market on any day (bench/lib/app-server.ts): at the weekend only
// crypto is open, over a demo account's retail cap. The others keep the system clock, which the server-tick-to-paint
// figures compare the browser's clock with. The caller's SIM_TIME still wins; the wiring is the bench's own.
import { describe, expect, it } from 'vitest';
import { benchServerEnv } from '../../../../bench/lib/app-server.ts';
import { configFromEnv } from '../../../../server/config.ts';

const at = { port: 4100, dataDir: '/tmp/bench-data' };
const opts = { env: { SIM_INSTRUMENTS: '3' }, distDir: 'dist-bench' };

describe('benchServerEnv', () => {
  it('keeps the system clock unless the path trades', () => {
    expect(benchServerEnv(opts, {}, at).SIM_TIME).toBeUndefined();
    expect(configFromEnv(benchServerEnv(opts, {}, at)).clock).toBeUndefined();
  });

  it("starts a trading path's clock at a weekday noon, UTC, whatever today is", () => {
    const env = benchServerEnv({ ...opts, weekday: true }, {}, at);
    const now = new Date(configFromEnv(env).clock?.now() ?? 0);
    expect([1, 2, 3, 4, 5]).toContain(now.getUTCDay());
    expect(now.getUTCHours()).toBe(12);
    expect(env).toMatchObject({ SIM_INSTRUMENTS: '3', PORT: '4100', DATA_DIR: '/tmp/bench-data', HOST: '127.0.0.1' });
  });

  it("keeps the caller's SIM_TIME and never lets the caller move the port or the data", () => {
    const caller = { SIM_TIME: '2026-11-21T09:00:00Z', PORT: '1', DATA_DIR: 'data' };
    const env = benchServerEnv({ ...opts, weekday: true }, caller, at);
    expect(env.SIM_TIME).toBe('2026-11-21T09:00:00Z');
    expect(env).toMatchObject({ PORT: '4100', DATA_DIR: '/tmp/bench-data', BENCH_DIST: 'dist-bench' });
  });
});
