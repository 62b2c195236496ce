// One fuzz request for one operation of the document: its parameters and body made valid by the schemas, then, for
// an invalid request, one field mutated (or dropped, or one added) or the body itself broken; sent in one of the
// media types the operation declares.
import type { Operation, Parameter } from './document.ts';
import { invalidValue, MUTATIONS, RAW_NUMBER, validObject, type Mutation, type Rng, type Schema } from './values.ts';

// 'deep-extra': a valid request whose body carries one extra field nested 10,000 arrays deep: what
// overflowed a recursive walk of the input and answered 500 on every route that reads a body.
export type Kind = 'valid' | Mutation | 'broken-body' | 'deep-extra';

const DEEP_EXTRA = RAW_NUMBER(`${'['.repeat(10_000)}${']'.repeat(10_000)}`);

export interface FuzzRequest {
  kind: Kind;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** What was sent, for the failure message that reproduces it. */
  describe: string;
}

/** A 1×1 PNG: an upload the server takes. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const BROKEN_BODIES: ReadonlyArray<readonly [string, string]> = [
  ['application/json', '{"a":'],
  ['application/json', '[1,2'],
  ['application/json', '"just a string"'],
  ['application/x-www-form-urlencoded', '%E0%A4%A=1&&=&a'],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['multipart/form-data', '--x\r\nbroken'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'],
];

/** Fields of one place (query or body) and the schema of each. */
interface Fields {
  values: Record<string, unknown>;
  schemas: Record<string, Schema>;
  required: string[];
}

function mutate(rng: Rng, f: Fields, m: Mutation): void {
  const names = Object.keys(f.schemas);
  if (m === 'extra') {
    f.values[rng.pick(['zz', 'extra_field', 'id[]', '__proto__x'])] = rng.pick([
      '1',
      'x',
      '\u0000',
      RAW_NUMBER('1e309'),
    ]);
    return;
  }
  if (m === 'missing') {
    const name = f.required.length ? rng.pick(f.required) : names.length ? rng.pick(names) : undefined;
    if (name !== undefined) delete f.values[name];
    return;
  }
  const name = names.length ? rng.pick(names) : 'zz';
  f.values[name] = invalidValue(rng, f.schemas[name] ?? { type: 'string' }, m);
}

const scalar = (v: unknown): string => {
  if (typeof v === 'string') return v.replace(/^__raw__(.*)__$/, '$1');
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
};

function toSearchParams(values: Record<string, unknown>): URLSearchParams {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, scalar(item));
  }
  return qs;
}

/** JSON with the raw numbers JSON.stringify cannot write (1e309, Infinity: the server must refuse them unparsed). */
const toJson = (values: unknown): string => JSON.stringify(values).replace(/"__raw__(.*?)__"/g, '$1');

export function buildRequest(rng: Rng, op: Operation, token: string | undefined, kind: Kind): FuzzRequest {
  const params = op.parameters ?? [];
  const of = (where: Parameter['in']) =>
    params.filter((p) => p.in === where && p.name !== 'lang' && p.name !== 'authorization');
  const fieldsOf = (ps: Parameter[]): Fields => {
    const schemas = Object.fromEntries(ps.map((p) => [p.name, p.schema]));
    const required = ps.filter((p) => p.required).map((p) => p.name);
    return { schemas, required, values: validObject(rng, { properties: schemas, required }) };
  };
  const query = fieldsOf(of('query'));
  const path = fieldsOf(of('path'));
  const headerFields = fieldsOf(of('header'));
  const media = Object.keys(op.requestBody?.content ?? {});
  const bodyType = media.length ? rng.pick(media) : undefined;
  const bodySchema = bodyType ? (op.requestBody?.content[bodyType]?.schema ?? {}) : undefined;
  const body: Fields | undefined = bodySchema
    ? {
        schemas: bodySchema.properties ?? {},
        required: bodySchema.required ?? [],
        values: validObject(rng, bodySchema),
      }
    : undefined;

  if (kind === 'deep-extra') {
    if (body) body.values.zz_deep = DEEP_EXTRA; // a request without a body stays valid
  } else if (kind !== 'valid' && kind !== 'broken-body') {
    // One place of the request gets the mutation: the body when there is one, else the query (or the path).
    const target =
      body && rng.chance(0.7)
        ? body
        : Object.keys(query.schemas).length || !Object.keys(path.schemas).length
          ? query
          : path;
    mutate(rng, target, kind);
  }

  const headers: Record<string, string> = { lang: rng.pick(['en', 'en', 'hk', 'ar', 'xx']) };
  for (const [k, v] of Object.entries(headerFields.values))
    if (k !== 'lang') headers[k] = scalar(v).replace(/[^\x20-\x7e]/g, '');
  if (token) headers.authorization = token;
  const url =
    op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(scalar(path.values[name] ?? 'x'))) +
    (Object.keys(query.values).length ? `?${toSearchParams(query.values).toString()}` : '');

  let sent: string | FormData | undefined;
  if (kind === 'broken-body' && op.method !== 'GET') {
    const [type, text] = rng.pick(BROKEN_BODIES);
    headers['content-type'] = type;
    sent = text;
  } else if (body && bodyType === 'multipart/form-data') {
    const fd = new FormData();
    for (const [k, v] of Object.entries(body.values)) {
      if (k === 'file')
        fd.append(
          'file',
          new Blob([kind === 'valid' ? PNG_1PX : Buffer.from(scalar(v))], { type: 'image/png' }),
          'a.png',
        );
      else fd.append(k, scalar(v));
    }
    sent = fd;
  } else if (body && bodyType) {
    headers['content-type'] = bodyType;
    sent = bodyType === 'application/json' ? toJson(body.values) : toSearchParams(body.values).toString();
  }
  const shown = typeof sent === 'string' ? sent.slice(0, 200) : sent ? '(multipart)' : '';
  return {
    kind,
    method: op.method,
    url,
    headers,
    ...(sent !== undefined ? { body: sent } : {}),
    describe: `${op.method} ${url.slice(0, 200)} ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`,
  };
}

export const KINDS: readonly Kind[] = ['valid', 'valid', 'valid', ...MUTATIONS, 'broken-body', 'deep-extra'];
