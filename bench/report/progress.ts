// The long run's progress line; the forecast scales what is left by how finished steps compared with their estimates.
import type { RenderCase } from '../render/cases.ts';

export interface PlannedStep {
  section: string;
  estimateS: number;
}

interface Step extends PlannedStep {
  startedAt: number | null;
  endedAt: number | null;
}

/** So one odd step does not swing the forecast wildly. */
const FACTOR_MIN = 0.5;
const FACTOR_MAX = 4;

export class Progress {
  private readonly steps: Step[];
  private current: Step | null = null;
  private readonly startedAt: number;

  constructor(
    plan: readonly PlannedStep[],
    private readonly now: () => number,
  ) {
    this.steps = plan.map((p) => ({ ...p, startedAt: null, endedAt: null }));
    this.startedAt = now();
  }

  /** A step beyond the plan is added, estimated like its section's last. */
  begin(section: string, label: string): string {
    const t = this.now();
    if (this.current) this.current.endedAt = t;
    let step = this.steps.find((s) => s.section === section && s.startedAt === null);
    if (!step) {
      const like = [...this.steps].reverse().find((s) => s.section === section);
      step = { section, estimateS: like?.estimateS ?? 0, startedAt: null, endedAt: null };
      if (like) this.steps.splice(this.steps.indexOf(like) + 1, 0, step);
      else this.steps.push(step);
    }
    step.startedAt = t;
    this.current = step;
    return this.line(label);
  }

  /** Steps it did not start (a failure, fewer cases) leave the forecast. */
  endSection(section: string): void {
    const t = this.now();
    if (this.current?.section === section) {
      this.current.endedAt = t;
      this.current = null;
    }
    for (let i = this.steps.length - 1; i >= 0; i--)
      if (this.steps[i]?.section === section && this.steps[i]?.startedAt === null) this.steps.splice(i, 1);
  }

  /** 1 before any step has finished. */
  factor(): number {
    let est = 0;
    let took = 0;
    for (const s of this.steps) {
      if (s.startedAt === null || s.endedAt === null || s.estimateS <= 0) continue;
      est += s.estimateS;
      took += (s.endedAt - s.startedAt) / 1000;
    }
    if (est === 0) return 1;
    return Math.min(FACTOR_MAX, Math.max(FACTOR_MIN, took / est));
  }

  /** The current step's scaled estimate less what it has used, then every step not started. */
  remainingS(): number {
    const f = this.factor();
    const t = this.now();
    let left = 0;
    for (const s of this.steps) {
      if (s.startedAt === null) left += s.estimateS * f;
      else if (s === this.current) left += Math.max(0, s.estimateS * f - (t - s.startedAt) / 1000);
    }
    return left;
  }

  /** 1-based. */
  position(): [number, number] {
    const mine = this.steps.filter((s) => s.section === this.current?.section);
    return [this.current ? mine.indexOf(this.current) + 1 : 0, mine.length];
  }

  line(label: string): string {
    const [i, n] = this.position();
    const elapsed = (this.now() - this.startedAt) / 1000;
    return `▸ ${this.current?.section ?? ''} ${i} of ${n}: ${label} · ${duration(elapsed)} so far · about ${duration(this.remainingS())} left`;
  }
}

export function duration(s: number): string {
  const r = Math.max(0, Math.round(s));
  if (r < 60) return `${r} s`;
  const m = Math.floor(r / 60);
  return m < 60
    ? `${m} min ${String(r % 60).padStart(2, '0')} s`
    : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** A fresh context, load, heap GCs, trace parsing. */
export const RUN_OVERHEAD_S = 12;

/** In the order render-bench.ts runs them. */
export function renderPlan(cases: readonly RenderCase[], profile: 'full' | 'quick'): PlannedStep[] {
  const out: PlannedStep[] = [{ section: 'render', estimateS: 20 }];
  cases.forEach((c, ci) => {
    if (c.quietMs > 0) out.push({ section: 'render', estimateS: 5 + (2 * c.quietMs) / 1000 });
    out.push({ section: 'render', estimateS: RUN_OVERHEAD_S + 1 });
    for (let pair = 0; pair < c.pairs; pair++) {
      for (const screen of c.screens) {
        for (const mode of c.modes) {
          let s = RUN_OVERHEAD_S + (c.warmupMs + c.measureMs + c.quietMs) / 1000;
          for (const f of c.followUps.filter((x) => x.screens.includes(screen))) {
            s += ((f.warmupMs ?? c.warmupMs) + (f.measureMs ?? c.measureMs) + (f.quietMs ?? c.quietMs)) / 1000 + 2;
          }
          // The profile window of the first pair of the first case, as render-bench.ts chooses it.
          if (pair === 0 && ci === 0 && mode !== 'floor' && (profile === 'full' || mode === 'worker'))
            s += c.measureMs >= 20_000 ? 10 : 6;
          out.push({ section: 'render', estimateS: s });
        }
      }
    }
  });
  return out;
}

/** Rough, on the reference machine: the factor corrects them as the run goes. */
const SECTION_S: Record<string, { full: number; quick: number }> = {
  build: { full: 120, quick: 120 },
  bundle: { full: 10, quick: 10 },
  micro: { full: 90, quick: 30 },
  lighthouse: { full: 240, quick: 40 },
  fanout: { full: 200, quick: 90 },
  engine: { full: 120, quick: 40 },
  feeds: { full: 240, quick: 120 },
  cluster: { full: 300, quick: 200 },
  interactions: { full: 420, quick: 150 },
  copy: { full: 120, quick: 60 },
};

export const NO_BUILD: ReadonlySet<string> = new Set(['fanout', 'engine', 'cluster', 'feeds', 'copy']);

export function benchPlan(
  sections: readonly string[],
  profile: 'full' | 'quick',
  cases: readonly RenderCase[],
): PlannedStep[] {
  const out: PlannedStep[] = [];
  if (sections.some((s) => !NO_BUILD.has(s)))
    out.push({ section: 'build', estimateS: SECTION_S['build']?.[profile] ?? 0 });
  for (const s of sections) {
    if (s === 'render') out.push(...renderPlan(cases, profile));
    else out.push({ section: s, estimateS: SECTION_S[s]?.[profile] ?? 30 });
  }
  return out;
}
