// Values for the API fuzzer (tests/server/http/fuzz-openapi.test.ts), made from the schemas of the served OpenAPI
// document: valid ones (each type, enum, pattern and length or range the schema states, boundaries included) and
// invalid ones (wrong types, arrays for scalars, huge strings, NUL, non-finite numbers, out-of-range values). All
// randomness comes from one seeded generator, so a run is repeated exactly from its seed.
import fc from 'fast-check';

export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  format?: string;
}

/** mulberry32: a small, fast, seeded generator (Math.random cannot be seeded). */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    const x = xs[Math.floor(this.next() * xs.length)];
    if (x === undefined) throw new Error('pick from an empty list');
    return x;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Strings matching a schema pattern: a pool drawn once per pattern (fast-check, seeded), then picked from. */
const pools = new Map<string, string[]>();
function matchingString(rng: Rng, pattern: string, maxLength: number): string {
  let pool = pools.get(pattern);
  if (!pool) {
    const arb = fc
      .stringMatching(new RegExp(pattern, 'u'))
      .filter((s) => s.length <= maxLength && !s.includes('\u0000'));
    pool = fc.sample(arb, { seed: rng.int(0, 2 ** 31 - 1), numRuns: 24 });
    pools.set(pattern, pool);
  }
  return rng.pick(pool);
}

const TEXT_ALPHABET = 'abcxyzABC0123456789 -_.@+中文é';
const NUMERIC_TEXT = ['0', '1', '2', '5', '10', '100', '0.5', '1.25', '1000', '99999'];

function text(rng: Rng, min: number, max: number): string {
  if (rng.chance(0.4)) {
    const n = rng.pick(NUMERIC_TEXT); // amounts and prices are decimal strings
    if (n.length >= min && n.length <= max) return n;
  }
  const len = rng.chance(0.1) ? max : rng.int(min, Math.min(max, Math.max(min, 16)));
  let s = '';
  for (let i = 0; i < len; i++) s += rng.pick([...TEXT_ALPHABET]);
  return s.slice(0, max);
}

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** A value the schema accepts. */
export function validValue(rng: Rng, s: Schema, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return rng.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) return validValue(rng, rng.pick(branches), depth);
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? 1000;
      // Small ids hit real rows; the bounds are the schema's edges.
      const v = rng.pick([lo, hi, lo + 1, Math.min(hi, lo + rng.int(0, 10)), rng.int(lo, Math.min(hi, lo + 1000))]);
      return typeOf(s) === 'number' && rng.chance(0.3) ? Math.min(hi, v + 0.5) : v;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'array':
      return depth > 2 ? [] : Array.from({ length: rng.int(0, 3) }, () => validValue(rng, s.items ?? {}, depth + 1));
    case 'object':
      return validObject(rng, s, depth);
    default: {
      const max = s.maxLength ?? 64;
      const min = s.minLength ?? 0;
      if (s.pattern) return matchingString(rng, s.pattern, max);
      return text(rng, min, max);
    }
  }
}

/** An object with every required property and some of the others. */
export function validObject(rng: Rng, s: Schema, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [k, p] of Object.entries(s.properties ?? {})) {
    if (required.has(k) || rng.chance(0.6)) out[k] = validValue(rng, p, depth + 1);
  }
  return out;
}

/** JSON cannot say these; the fuzzer writes them raw into JSON bodies (1e309 parses to Infinity). */
export const NON_FINITE = ['Infinity', '-Infinity', '1e309', 'NaN'] as const;
export const RAW_NUMBER = (s: string): string => `__raw__${s}__`;

export type Mutation =
  | 'wrong-type'
  | 'array'
  | 'huge'
  | 'nul'
  | 'non-finite'
  | 'boundary'
  | 'extra'
  | 'missing'
  | 'object';

export const MUTATIONS: readonly Mutation[] = [
  'wrong-type',
  'array',
  'huge',
  'nul',
  'non-finite',
  'boundary',
  'extra',
  'missing',
  'object',
];

/** A value the schema (or the server's finite/NUL rules) refuses, or a change to the field set. */
export function invalidValue(rng: Rng, s: Schema, m: Mutation): unknown {
  const t = typeOf(s);
  switch (m) {
    case 'wrong-type':
      return t === 'string' || t === undefined ? rng.pick([{ a: 1 }, true, null]) : rng.pick(['abc', '1x', '', 'true']);
    case 'array':
      return [validValue(rng, s), validValue(rng, s)];
    case 'object':
      return { v: validValue(rng, s) };
    case 'huge':
      return 'x'.repeat(rng.pick([(s.maxLength ?? 255) + 1, 70_000]));
    case 'nul':
      return rng.pick(['\u0000', 'a\u0000b', `${String(validValue(rng, s))}\u0000`]);
    case 'non-finite':
      return RAW_NUMBER(rng.pick(NON_FINITE));
    case 'boundary':
      if (t === 'integer' || t === 'number') {
        return rng.pick([(s.minimum ?? 0) - 1, (s.maximum ?? 2 ** 31) + 1, 2 ** 63, -(2 ** 63), 0.5]);
      }
      return s.minLength ? 'x'.repeat(s.minLength - 1) : 'x'.repeat((s.maxLength ?? 255) + 1);
    default:
      return validValue(rng, s);
  }
}
