// A minimal logger for the moments before the Fastify app (and its pino logger) exists; buildApp then
// replaces ctx.log with app.log. Writes one JSON line per entry to stderr, like pino, at or above `level`.
import type { FastifyBaseLogger } from 'fastify';

const LEVELS: Readonly<Record<string, number>> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

export function bootLogger(level = 'info', bindings: Record<string, unknown> = {}): FastifyBaseLogger {
  const min = level === 'silent' ? Infinity : (LEVELS[level] ?? 30);
  const at = (name: string) =>
    (objOrMsg: unknown, ...rest: unknown[]): void => {
      const lvl = LEVELS[name] ?? 30;
      if (lvl < min) return;
      const fields = typeof objOrMsg === 'object' && objOrMsg !== null ? objOrMsg : { msg: objOrMsg };
      const msg = typeof objOrMsg === 'string' ? objOrMsg : rest.find((r) => typeof r === 'string');
      process.stderr.write(`${JSON.stringify({ level: lvl, time: Date.now(), ...bindings, ...fields, msg })}\n`);
    };
  return {
    level,
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    fatal: at('fatal'),
    silent: () => undefined,
    child: (more) => bootLogger(level, { ...bindings, ...more }),
  };
}
