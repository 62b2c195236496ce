// Throttles the renderer threads CDP cannot reach (worker, compositor, raster) with cgroup v1 CFS quotas; needs root.
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processTree, processType } from './proc-tree.ts';

export const CGROUP_CPU = '/sys/fs/cgroup/cpu';

/** Short, so a throttled thread is paused in slices of a few ms rather than long stalls. */
export const PERIOD_US = 10_000;

const SCAN_MS = 50;

export type ThreadThrottle = ReturnType<typeof startThreadThrottle>;

/** The quota that gives a thread 1/rate of a core per period; -1 is the kernel's "unlimited". */
export function quotaFor(rate: number, periodUs = PERIOD_US): number {
  if (!(rate > 1)) return -1;
  return Math.max(1000, Math.round(periodUs / rate)); // the kernel refuses quotas under 1 ms
}

/** Whether this machine lets us place threads in cpu groups (root, cgroup v1 `cpu` mounted writable). */
export function threadThrottleAvailable(root = CGROUP_CPU): boolean {
  const probe = join(root, `tw-bench-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    writeFileSync(join(probe, 'cpu.cfs_period_us'), String(PERIOD_US));
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

/** A thread or its group may be gone by the time it is written to: that is no error here. */
function quietly(fn: () => void): void {
  try {
    fn();
  } catch {
    // gone meanwhile
  }
}

function threadIds(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .filter((t) => t > 0);
  } catch {
    return [];
  }
}

/** Each renderer thread gets its own group at the rate last set; exited threads' empty groups go at stop. */
export function startThreadThrottle(rootPid: number, root = CGROUP_CPU) {
  const base = join(root, `tw-bench-${process.pid}`);
  mkdirSync(base, { recursive: true });
  const groups = new Map<number, string>();
  let rate = 1;
  const setQuota = (dir: string): void => {
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quotaFor(rate)));
  };
  const scan = (): void => {
    for (const pid of processTree(rootPid).filter((p) => processType(p) === 'renderer')) {
      for (const tid of threadIds(pid)) {
        // The main thread stays with CDP's throttle: a CFS quota only caps a share, so a short task would run unslowed.
        if (tid === pid || groups.has(tid)) continue;
        const dir = join(base, `t${tid}`);
        quietly(() => {
          mkdirSync(dir, { recursive: true });
          setQuota(dir);
          writeFileSync(join(dir, 'tasks'), String(tid));
          groups.set(tid, dir);
        });
      }
    }
  };
  scan();
  const timer = setInterval(scan, SCAN_MS);
  timer.unref();
  return {
    /** Slow every renderer thread to 1/rate of a core (1: unlimited). */
    setRate(next: number): void {
      rate = next;
      scan();
      for (const dir of groups.values()) quietly(() => setQuota(dir));
    },
    stop() {
      clearInterval(timer);
      groups.clear();
      try {
        // A group's own control files are listed beside its child groups (t<tid>); its tasks include threads it spawned.
        for (const name of readdirSync(base).filter((n) => /^t\d+$/.test(n))) {
          const dir = join(base, name);
          for (const tid of readFileSync(join(dir, 'tasks'), 'utf8').split('\n').filter(Boolean))
            quietly(() => writeFileSync(join(root, 'tasks'), tid));
          quietly(() => rmdirSync(dir));
        }
        rmdirSync(base);
      } catch {
        // left for the next run's cleanup; an empty group costs nothing
      }
    },
  };
}
