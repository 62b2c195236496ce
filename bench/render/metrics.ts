// The figures of a render run: the table the runs are compared and printed by, and the few only kept beside it.
import { TOL, type Better, type Tolerance } from '../lib/figures.ts';

/** Measured beside the figures a run is compared by (METRICS) and kept in the results; null where not measured. */
export const UNCOMPARED = ['serverTickToPaintP50', 'framesOverOneMsg', 'quotesPerSec', 'traceLongTasks'] as const;

export type RunMetrics = Record<(typeof METRICS)[number]['key'] | (typeof UNCOMPARED)[number], number | null>;
export type MetricKey = keyof RunMetrics;

/** `scale`: shares are stored 0…1 and printed as %; no `ratio` for figures that are zero by design in one mode. */
const m = <K extends string>(
  key: K,
  label: string,
  unit: string,
  better: Better,
  tol: Tolerance,
  digits = 1,
  scale = 1,
  ratio = true,
) => ({ key, label, unit, scale, digits, better, tol, ratio });

export const METRICS = [
  // Per painted update, with the achieved rate beside it; rAF probe off.
  m('updatesPerSecQuiet', 'updates painted (probe off)', '/s', 'higher', TOL.perSec, 1, 1, false),
  m('mainMsPerSec', 'main-thread task time (probe off)', 'ms/s', 'lower', TOL.cpuMs),
  m('mainMsPerUpdate', 'main-thread task time per update (probe off)', 'ms', 'lower', TOL.cpuMs, 2),
  m('mainMsPerUpdateProbe', 'main-thread task time per update (rAF probe on)', 'ms', 'lower', TOL.cpuMs, 2),
  // The same per-update figure measured from outside (CDP TaskDuration), for the cross-check.
  m('cdpTaskMsPerSec', 'CDP TaskDuration (probe off, no trace)', 'ms/s', 'lower', TOL.cpuMs),
  m('cdpTaskMsPerUpdate', 'CDP TaskDuration per update (probe off, no trace)', 'ms', 'lower', TOL.cpuMs, 2),
  m('workerMsPerSec', 'worker-thread CPU (probe off)', 'ms/s', 'lower', TOL.cpuMs, 1, 1, false),
  m('rendererCpuMsPerSec', 'renderer CPU, all threads (probe off)', 'ms/s', 'lower', TOL.cpuMs),
  m('traceLongTasksQuiet', 'long tasks in the trace (probe off)', '', 'lower', TOL.count, 0),
  m('longTasks', 'long tasks (count)', '', 'lower', TOL.count, 0),
  m('tbtMs', 'total blocking time', 'ms', 'lower', TOL.blockingMs, 0),
  m('longTaskMaxMs', 'longest task', 'ms', 'lower', TOL.blockingMs, 0),
  m('loafs', 'long animation frames', '', 'lower', TOL.count, 0),
  m('loafBlockingMs', 'LoAF blocking duration', 'ms', 'lower', TOL.blockingMs, 0),
  m('rafP50', 'rAF interval p50', 'ms', 'lower', TOL.frameMs),
  m('rafP95', 'rAF interval p95', 'ms', 'lower', TOL.frameMs),
  m('rafP99', 'rAF interval p99', 'ms', 'lower', TOL.frameMs),
  m('rafOver16', 'frames > 16.7 ms', '%', 'lower', TOL.share, 1, 100),
  m('rafOver33', 'frames > 33 ms', '%', 'lower', TOL.share, 1, 100),
  m('tapP98', 'tap latency p98', 'ms', 'lower', TOL.latencyMs, 0),
  m('tapMax', 'tap latency max', 'ms', 'lower', TOL.latencyMs, 0),
  m('mainBusy', 'main thread busy', '%', 'lower', TOL.share, 1, 100),
  m('workerBusy', 'worker thread busy', '%', 'lower', TOL.share, 1, 100, false),
  m('mainBusyQuiet', 'main thread busy, rAF probe off', '%', 'lower', TOL.share, 1, 100),
  m('workerBusyQuiet', 'worker thread busy, rAF probe off', '%', 'lower', TOL.share, 1, 100, false),
  m('tickToPaintP50', 'tick-to-paint p50', 'ms', 'lower', TOL.latencyMs, 0),
  m('tickToPaintP95', 'tick-to-paint p95', 'ms', 'lower', TOL.latencyMs, 0),
  m('serverTickToPaintP95', 'server tick-to-paint p95', 'ms', 'lower', TOL.latencyMs, 0),
  m('msgsPerSec', 'worker→main messages', '/s', 'lower', TOL.perSec, 1, 1, false),
  m('kbPerSec', 'worker→main bytes', 'KB/s', 'lower', TOL.kb, 1, 1, false),
  m('maxMsgsPerFrame', 'messages per frame (max)', '', 'lower', TOL.count, 0, 1, false),
  m('maxMsgKb', 'largest message', 'KB', 'lower', TOL.kb, 1, 1, false),
  m('batchesPerSec', 'batches painted', '/s', 'higher', TOL.perSec, 1, 1, false),
  m('heapGrowthMb', 'JS heap growth (main)', 'MB', 'lower', TOL.heapMb, 2, 1, false),
];
