// The served OpenAPI document as the fuzzer reads it: its operations (path, method, parameters, body media types)
// and, for an answer, the schema it declares for that status and media type, checked with ajv.
import { Ajv, type ValidateFunction } from 'ajv';
import type { Schema } from './values.ts';

export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Media {
  schema?: Schema;
}

interface RawOperation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: Record<string, unknown>;
}

export interface Operation extends RawOperation {
  method: string;
  path: string;
}

export function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) out.push({ ...op, method: method.toUpperCase(), path });
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId)); // a stable order: the seed repeats a run
}

/** Checks answers against the document: the status's declared response (exact, class, default), then its media type. */
export function answerChecker(
  doc: OpenApiDocument,
): (op: Operation, status: number, contentType: string, body: string) => string | null {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const cache = new Map<string, ValidateFunction>();
  return (op, status, contentType, body) => {
    const declared =
      op.responses[String(status)] ??
      op.responses[`${String(status)[0]}XX`] ??
      op.responses[`${String(status)[0]}xx`] ??
      op.responses.default;
    if (!declared) return `HTTP ${status} is not declared`;
    const content = declared.content;
    if (!content) return body === '' ? null : `HTTP ${status} declares no body but one came`;
    const base = contentType.split(';')[0]?.trim() ?? '';
    const media = Object.keys(content).find((m) => m === base || (m.endsWith('/*') && base.startsWith(m.slice(0, -1))));
    if (!media)
      return `HTTP ${status} came as ${base || 'no content type'}; declared ${Object.keys(content).join(', ')}`;
    const schema = content[media]?.schema;
    if (!schema || !/json/.test(media)) return null; // an image, a page, a CSV: its media type is what is declared
    const key = `${op.operationId} ${status} ${media}`;
    let validate = cache.get(key);
    if (!validate) {
      // The document's components at the root, so "#/components/schemas/…" references resolve.
      validate = ajv.compile({ ...schema, components: doc.components });
      cache.set(key, validate);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `HTTP ${status} ${media} is not JSON: ${body.slice(0, 120)}`;
    }
    if (validate(parsed)) return null;
    return `${ajv.errorsText(validate.errors)} — got ${body.slice(0, 300)}`;
  };
}
