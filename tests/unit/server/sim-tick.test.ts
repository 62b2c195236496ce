// SIM_TICK_MS sets the simulated market's step (README settings); a value it cannot use stops the start with why.
import { describe, expect, it } from 'vitest';
import { configFromEnv, simTickEnv } from '../../../server/config.ts';

describe('SIM_TICK_MS', () => {
  it('leaves the market its own step when unset and takes a whole number of ms from 10', () => {
    expect(configFromEnv({}).market?.tickIntervalMs).toBeUndefined();
    expect(configFromEnv({ SIM_TICK_MS: '250' }).market?.tickIntervalMs).toBe(250);
    expect(simTickEnv('10')).toBe(10);
  });

  it('refuses a step under 10 ms or not a whole number', () => {
    for (const raw of ['0', '9', '-50', '2.5', '1e3', ' 50', 'fast']) {
      expect(() => simTickEnv(raw)).toThrow(`SIM_TICK_MS must be a whole number of ms, 10 or more, got "${raw}"`);
    }
  });
});
