// `npm run ops -- <command> --param value …`: runs one back-office command on the running server over its ops
// API (a PGlite database belongs to the one server process, so the CLI never opens the database itself).
// `npm run ops` alone lists the commands. The server is OPS_URL or http://127.0.0.1:$PORT (default 8080); the
// token is OPS_TOKEN or the file DATA_DIR/ops-token the server created.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Envelope } from '../../domain/types.ts';
import { CODE_OK } from '../../domain/types.ts';
import type { OpsCommandInfo } from '../routes/ops.ts';
import { OPS_TOKEN_HEADER } from './auth.ts';
import { opsTokenPath } from './token.ts';
import { localUsage, runLocalCommand } from './local-commands.ts';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  fetch: typeof fetch;
}

function serverUrl(env: NodeJS.ProcessEnv): string {
  return (env.OPS_URL || `http://127.0.0.1:${env.PORT || '8080'}`).replace(/\/+$/, '');
}

function token(env: NodeJS.ProcessEnv): string {
  if (env.OPS_TOKEN) return env.OPS_TOKEN.trim();
  const path = opsTokenPath(env.DATA_DIR || 'data');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    throw new Error(`no OPS_TOKEN and no ${path}: start the server once, or set OPS_TOKEN`);
  }
}

/** One row per line, columns padded: lists read like a table; anything else prints as JSON. */
export function formatResult(data: unknown): string {
  if (
    !Array.isArray(data) ||
    data.length === 0 ||
    !data.every((r) => r && typeof r === 'object' && !Array.isArray(r))
  ) {
    return JSON.stringify(data, null, 2) ?? 'null';
  }
  const rows = data as Record<string, unknown>[];
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string =>
    v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]): string =>
    vals
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(cols), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join('\n');
}

function usage(commands: readonly OpsCommandInfo[]): string {
  const lines = ['usage: npm run ops -- <command> [--param value …]', '', 'commands:'];
  for (const c of commands) {
    const params = c.params.map((p) => (p.optional ? `[--${p.name}]` : `--${p.name}`)).join(' ');
    lines.push(`  ${c.name} ${params}`.trimEnd(), `      ${c.summary}`);
    for (const p of c.params) lines.push(`      --${p.name}: ${p.help}`);
  }
  lines.push(...localUsage());
  return lines.join('\n');
}

/** Returns the exit code: 0 done, 1 refused by the server or unreachable, 2 wrong usage. */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  // Restore and the move to PostgreSQL run here, on a stopped server's database, not through its API.
  const local = await runLocalCommand(argv, env, io);
  if (local !== undefined) return local;
  let base: string;
  let headers: Record<string, string>;
  try {
    base = serverUrl(env);
    headers = { [OPS_TOKEN_HEADER]: token(env), 'content-type': 'application/json' };
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  }
  const call = async <T>(path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await io.fetch(
      `${base}${path}`,
      body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) },
    );
    return (await res.json()) as Envelope<T>;
  };
  try {
    const list = await call<OpsCommandInfo[]>('/api/ops/commands');
    if (list.code !== CODE_OK) {
      io.err(list.msg);
      return 1;
    }
    const [name, ...rest] = argv;
    if (!name || name === 'help' || name === '--help') {
      io.out(usage(list.data));
      return name ? 0 : 2;
    }
    const cmd = list.data.find((c) => c.name === name);
    if (!cmd) {
      io.err(`unknown command "${name}"\n\n${usage(list.data)}`);
      return 2;
    }
    let values: Record<string, string | undefined>;
    try {
      const options = Object.fromEntries(cmd.params.map((p) => [p.name, { type: 'string' as const }]));
      values = parseArgs({ args: [...rest], options, strict: true, allowPositionals: false }).values;
    } catch (err) {
      io.err(`${err instanceof Error ? err.message : String(err)}\n\n${usage([cmd])}`);
      return 2;
    }
    // Desk changes record who made them: the operator's login unless --by says otherwise.
    if (cmd.params.some((p) => p.name === 'by') && values.by === undefined)
      values.by = env.OPS_USER || env.USER || env.USERNAME;
    const result = await call<unknown>(`/api/ops/run/${encodeURIComponent(cmd.name)}`, values);
    if (result.code !== CODE_OK) {
      io.err(result.msg);
      return 1;
    }
    io.out(formatResult(result.data));
    return 0;
  } catch (err) {
    io.err(`cannot reach the server at ${base}: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io: CliIo = { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), fetch };
  runCli(process.argv.slice(2), process.env, io).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
}
