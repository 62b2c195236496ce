import { describe, expect, it } from 'vitest';
import { BELOW_THRESHOLD_MS, stepFigures, stepSample } from '../../../../bench/interactions/event-timing.ts';

const entry = (id: number, start: number, duration: number, ps: number, pe: number, name = 'pointerup') => ({
  id,
  name,
  start,
  duration,
  processingStart: ps,
  processingEnd: pe,
});

describe('interaction INP from Event Timing', () => {
  it('splits the slowest entry after the input into delay, processing and presentation', () => {
    const s = stepSample(
      [entry(1, 50, 200, 60, 70), entry(2, 100, 40, 110, 120), entry(3, 105, 96, 125, 185, 'click')],
      [
        { start: 120, duration: 70 },
        { start: 20, duration: 300 },
      ],
      100,
      400,
    );
    expect(s).toEqual({
      inp: 96,
      inputDelay: 20,
      processing: 60,
      presentation: 16,
      longTaskMs: 70,
      event: 'click',
    });
  });

  it('counts a step with no entry as answered below the 16 ms threshold', () => {
    expect(stepSample([], [], 0, 10)).toMatchObject({ inp: BELOW_THRESHOLD_MS, inputDelay: null, longTaskMs: 0 });
  });

  it('reports the median and the nearest-rank p75 of the samples', () => {
    const samples = [16, 40, 24, 80].map((inp) => stepSample([entry(1, 0, inp, 1, 2)], [], 0, 100));
    expect(stepFigures(samples)).toMatchObject({ samples: 4, inpP50: 32, inpP75: 40 });
  });
});
