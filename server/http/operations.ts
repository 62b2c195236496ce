// A route missing from operations.json gets a made-up id; tests/server/http/openapi.test.ts fails until it is added.
import operations from './operations.json' with { type: 'json' };

type Operation = readonly [operationId: string, summary: string];

/** Method and path → [operationId, summary]. */
const OPERATIONS: Readonly<Record<string, readonly string[]>> = operations;

/** The test looks for it. */
const missingSummary = (method: string, url: string): string => `${method} ${url}`;

export function operationOf(method: string, url: string): Operation {
  const [operationId, summary] = OPERATIONS[`${method} ${url}`] ?? [];
  if (operationId && summary) return [operationId, summary];
  const words = `${method.toLowerCase()} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const id = words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
  return [id, missingSummary(method, url)];
}
