import { describe, expect, it } from 'vitest';
import { interactionsFigures, interactionsTargets } from '../../../../bench/interactions/interactions-report.ts';
import { interactionScripts } from '../../../../bench/interactions/lighthouse-flow.ts';
import type { DeviceRun, InteractionRow } from '../../../../bench/interactions/interactions-bench.ts';
import { stepFigures, type StepSample } from '../../../../bench/interactions/event-timing.ts';

const sample = (inp: number, longTaskMs = 0): StepSample => ({
  inp,
  inputDelay: 1,
  processing: 1,
  presentation: inp - 2,
  longTaskMs,
  event: 'pointerup',
});

function row(id: string, app: number[], floor: number[]): InteractionRow {
  const a = stepFigures(app.map((v) => sample(v)));
  const f = stepFigures(floor.map((v) => sample(v)));
  return { id, app: a, floor: f, ratioP75: (a.inpP75 ?? 0) / (f.inpP75 ?? 1), samples: { app: [], floor: [] } };
}

const run = (rows: InteractionRow[], throttle: number): DeviceRun => ({
  device: { viewport: { width: 360, height: 740 }, throttle, instruments: 300, hz: 20, mobile: throttle > 1 },
  rounds: 1,
  repeatsPerRound: 4,
  browserCpus: null,
  errors: [],
  code: 'EURUSD',
  rows,
});

describe('the interactions goals', () => {
  it('holds the phone to 100 ms and the desk to 50 ms, each to 1.5× its floor', () => {
    const phone = run([row('tap', [80, 80, 80, 80], [16, 16, 16, 16])], 4);
    const desk = run([row('desk-row', [80, 80, 80, 80], [64, 64, 64, 64])], 1);
    const verdicts = Object.fromEntries(interactionsTargets({ ...phone, desk }).map((t) => [t.id, t.verdict]));
    expect(verdicts['interactions.phone.tap.inp']).toBe('met');
    expect(verdicts['interactions.phone.tap.ratio']).toBe('missed');
    expect(verdicts['interactions.desk.desk-row.inp']).toBe('missed');
    expect(verdicts['interactions.desk.desk-row.ratio']).toBe('met');
    expect(Object.keys(interactionsFigures({ ...phone, desk }))).toContain('interactions.desk.desk-row.ratioP75');
  });

  it('leaves out a device that did not run', () => {
    const desk = run([row('desk-row', [40], [32])], 1);
    const ids = interactionsTargets({ ...run([], 4), desk }).map((t) => t.id);
    expect(ids.every((id) => id.startsWith('interactions.desk.'))).toBe(true);
  });
});

describe("the Lighthouse flow's evidence", () => {
  it('sums each chunk over the phases of the slowest interaction, longest first', () => {
    const phase = (items: { url: string; total: number }[]) => ({ subItems: { items } });
    const audit = {
      details: {
        items: [
          {
            items: [
              phase([{ url: 'http://127.0.0.1:1/assets/react-C1iE8mnY.js', total: 30 }]),
              phase([
                { url: 'http://127.0.0.1:1/assets/react-C1iE8mnY.js', total: 12.4 },
                { url: 'http://127.0.0.1:1/assets/candle-chart-Ab12Cd34.js', total: 50 },
                { url: 'Other', total: 0 },
                { url: 'http://127.0.0.1:1/healthz', total: 3 },
              ]),
            ],
          },
        ],
      },
    };
    expect(interactionScripts(audit)).toEqual([
      { chunk: 'candle-chart', ms: 50 },
      { chunk: 'react', ms: 42 },
      { chunk: '(document)', ms: 3 },
    ]);
    expect(interactionScripts(undefined)).toEqual([]);
  });
});
