// Turns every failure into the {code, msg, data} envelope: ApiError → its code and translated text, schema
// failures → a message naming the field (the SPEC §5 text where one fits), anything unexpected → errors.internal.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_ERROR, type Envelope } from '../../src/domain/types.ts';
import { ApiError } from './envelope.ts';
import { pickLanguage, translate } from './i18n.ts';

/** Field name → the SPEC §5 "please enter …" key used when the field is missing or empty. */
const REQUIRED_KEYS: Readonly<Record<string, string>> = {
  account: 'account_required',
  to: 'account_required',
  password: 'password_required',
  new_password: 'password_required',
  re_password: 'repassword_required',
  secondary_password: 'repassword_required',
  sms_code: 'code_required',
  auth_code: 'code_required',
  invite_code: 'invite_code_required',
  mobile: 'mobile_required',
  email: 'email_required',
  name: 'name_required',
  card_id: 'id_number_required',
};

/** An ApiError's key is under `errors.`, unless it names its section (`watchlist.errors.full`): a feature's own. */
export const errorTextKey = (key: string): string => (key.includes('.') ? key : `errors.${key}`);

export function failure<T extends object | null = null>(msg: string, code: number = CODE_ERROR, data: T = null as T): Envelope<T> {
  return { code, msg, data };
}

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The first schema issue as an ApiError: which field, and whether it was missing or malformed. */
export function schemaIssueToError(issue: SchemaIssue): ApiError {
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : undefined;
  const field = missing ?? (issue.instancePath.replace(/^\//, '').split('/')[0] || 'body');
  const empty =
    missing !== undefined || (issue.keyword === 'minLength' && issue.params.limit === 1);
  const requiredKey = REQUIRED_KEYS[field];
  if (empty && requiredKey) return new ApiError(requiredKey);
  return new ApiError(empty ? 'field_required' : 'field_invalid', CODE_ERROR, { field });
}

export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = pickLanguage(request.headers.lang);
  if (err instanceof ApiError) {
    return reply.code(err.status).headers(err.headers).send(failure(translate(lang, errorTextKey(err.key), err.params), err.code, err.data));
  }
  const fe = err as Partial<FastifyError> & { validation?: SchemaIssue[] };
  const first = fe.validation?.[0];
  if (first) {
    const apiErr = schemaIssueToError(first);
    return reply.code(200).send(failure(translate(lang, `errors.${apiErr.key}`, apiErr.params)));
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Malformed body, wrong content type, body or file too large: the client's fault, said plainly.
    request.log.info({ err: fe.code ?? fe.message }, 'rejected request');
    const key = status === 413 ? 'errors.too_large' : 'errors.bad_request';
    return reply.code(status).send(failure(translate(lang, key)));
  }
  request.log.error({ err }, 'unexpected error');
  return reply.code(500).send(failure(translate(lang, 'errors.internal')));
}
