// Cross-checks the phone's INP with a Lighthouse user flow; timespans need "devtools" throttling to report INP.
import type { FlowResult } from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { PHONE } from '../../tests/e2e/browser.ts';
import { BENCH_FLAGS, PHONE_SCALE, scaleFlag, wrapperExecutable } from '../render/browser.ts';
import { seedBrowserState, type BenchSession } from '../render/session.ts';
import { calibratedSlowdown } from '../startup/lighthouse-runs.ts';
import { chunkName } from '../startup/task-split-parse.ts';
import type { Step } from './steps.ts';
import { firstLine } from '../lib/json-child.ts';

export interface FlowStepFigures {
  id: string;
  /** Its slowest interaction; null when it saw none. */
  inpMs: number | null;
  tbtMs: number | null;
  /** During the slowest interaction (work-during-interaction). */
  scripts: { chunk: string; ms: number }[];
  error: string | null;
}

export type FlowRun = Awaited<ReturnType<typeof runLighthouseFlow>>;

interface FlowAudit {
  numericValue?: number;
  details?: { type?: string; items?: { type?: string; items?: FlowItem[] }[] | FlowItem[] };
}
interface FlowItem {
  subItems?: { items?: { url?: string; total?: number }[] };
}

export function interactionScripts(audit: FlowAudit | undefined): { chunk: string; ms: number }[] {
  const sums = new Map<string, number>();
  const tables = (audit?.details?.items ?? []) as { items?: FlowItem[] }[];
  for (const table of tables) {
    for (const phase of table.items ?? []) {
      for (const s of phase.subItems?.items ?? []) {
        const url = String(s.url ?? '');
        // The page itself (inline scripts, whatever URL the tab had first) counts as "(document)".
        const path = url.startsWith('http') ? new URL(url).pathname.replace(/^\//, '') : url;
        const name = url.startsWith('http') && !path.startsWith('assets/') ? '(document)' : chunkName(path);
        sums.set(name, (sums.get(name) ?? 0) + Number(s.total ?? 0));
      }
    }
  }
  return [...sums]
    .map(([chunk, ms]) => ({ chunk, ms: Math.round(ms) }))
    .filter((s) => s.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
}

export async function runLighthouseFlow(opts: {
  url: string;
  session: BenchSession;
  startCode: string;
  steps: Step[];
  cpus: string | null;
  log: (line: string) => void;
}) {
  const [{ startFlow }, puppeteer] = await Promise.all([import('lighthouse'), import('puppeteer-core')]);
  const flags = BENCH_FLAGS.filter((f) => f !== '--headless');
  const browser = await puppeteer.default.launch({
    executablePath: wrapperExecutable(opts.cpus),
    headless: true,
    args: [...flags, scaleFlag(PHONE_SCALE), '--remote-debugging-port=0'],
  });
  const out = {
    version: null as string | null,
    benchmarkIndex: null as number | null,
    cpuSlowdownMultiplier: 4,
    viewport: PHONE,
    steps: [] as FlowStepFigures[],
    error: null as string | null,
  };
  try {
    const lhPage = await browser.newPage();
    const pw = await chromium.connectOverCDP(browser.wsEndpoint());
    const page: Page | undefined = pw
      .contexts()[0]
      ?.pages()
      .find((p) => p.url() === lhPage.url());
    if (!page) throw new Error('the flow page is not visible over CDP');
    await seedBrowserState(page, opts.url, { ...opts.session, code: opts.startCode });
    const settings = {
      formFactor: 'mobile' as const,
      screenEmulation: { mobile: true, ...PHONE, deviceScaleFactor: PHONE_SCALE, disabled: false },
      throttlingMethod: 'devtools' as const,
      throttling: { cpuSlowdownMultiplier: 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
      onlyCategories: ['performance'],
    };
    // Lighthouse types the page with its own copy of puppeteer-core: the same protocol, another class identity.
    const flow = await startFlow(lhPage as unknown as Parameters<typeof startFlow>[0], {
      name: 'phone trading path',
      config: { extends: 'lighthouse:default', settings },
    });
    await page.goto(`${opts.url}/?bench=1#/`);
    await page.waitForFunction(() => document.documentElement.dataset['ready'] === 'true', undefined, {
      timeout: 60_000,
    });
    // An empty timespan measures the host: its benchmark index is taken before the throttling is applied.
    await flow.startTimespan({ name: 'calibrate' });
    await flow.endTimespan();
    const first = (await flow.createFlowResult()).steps[0]?.lhr;
    out.version = first?.lighthouseVersion ?? null;
    out.benchmarkIndex = first?.environment.benchmarkIndex ?? null;
    out.cpuSlowdownMultiplier = calibratedSlowdown(out.benchmarkIndex);
    opts.log(`  Lighthouse flow: host index ${out.benchmarkIndex ?? '?'} → CPU ${out.cpuSlowdownMultiplier}×`);
    const throttling = { ...settings.throttling, cpuSlowdownMultiplier: out.cpuSlowdownMultiplier };
    for (const step of opts.steps) {
      try {
        await step.prepare?.(page);
        await flow.startTimespan({ name: step.id, throttling });
        await step.act(page);
        await step.answer(page);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
        await flow.endTimespan();
        await step.undo?.(page);
      } catch (err) {
        out.steps.push({
          id: step.id,
          inpMs: null,
          tbtMs: null,
          scripts: [],
          error: firstLine(err),
        });
      }
    }
    const result: FlowResult = await flow.createFlowResult();
    for (const s of result.steps.slice(1)) {
      const a = s.lhr.audits;
      out.steps.push({
        id: s.name,
        inpMs: a['interaction-to-next-paint']?.numericValue ?? null,
        tbtMs: a['total-blocking-time']?.numericValue ?? null,
        scripts: interactionScripts(a['work-during-interaction'] as FlowAudit | undefined),
        error: null,
      });
    }
    const order = opts.steps.map((s) => s.id);
    out.steps.sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
    await pw.close();
  } catch (err) {
    out.error = firstLine(err) || 'failed';
  } finally {
    await browser.close();
  }
  return out;
}
