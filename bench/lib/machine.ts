// The facts of the machine a run happened on, stored with its results: numbers mean little without them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

function read(cmd: string, args: string[]): string | null {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function version(pkg: string): string | null {
  try {
    return (
      (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')) as { version?: string }).version ?? null
    );
  } catch {
    return null;
  }
}

export function machineFacts() {
  const cpus = os.cpus();
  const status = read('git', ['status', '--porcelain']);
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    loadAverageAtStart: loadAverage(),
    loadAverageAtEnd: null as number[] | null, // run.ts sets it when the run ends
    git: {
      commit: read('git', ['rev-parse', 'HEAD']),
      dirtyFiles: status === null ? null : status.split('\n').filter(Boolean).length,
    },
    packages: Object.fromEntries(
      ['playwright-core', 'lighthouse', 'tinybench', 'vite', 'react', 'comlink', 'lightweight-charts'].map((p) => [
        p,
        version(p),
      ]),
    ),
  };
}

export function loadAverage(): number[] {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}
