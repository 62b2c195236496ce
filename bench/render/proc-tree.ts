// The Chromium processes a bench browser started, read from /proc.
import { readdirSync, readFileSync } from 'node:fs';

/** Its parent chain reaches `rootPid` within 20 hops. */
export function processTree(rootPid: number): number[] {
  if (!(rootPid > 0)) return [];
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === rootPid) return true;
      p = parent.get(p) ?? 0;
    }
    return false;
  };
  return [...parent.keys()].filter(inTree);
}

/** "browser" for the main process, null once it exited. */
export function processType(pid: number): string | null {
  try {
    // Chromium rewrites its command line into one string; the process type is a flag in it.
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser';
  } catch {
    return null;
  }
}
