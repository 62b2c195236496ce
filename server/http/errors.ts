// Every failure becomes the {code, msg, data} envelope; anything unexpected is a 500 with CODE_INTERNAL.
import { noteRefusal } from '../metrics/http-metrics.ts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_ERROR, CODE_INTERNAL, type Envelope } from '../../domain/types.ts';
import { ApiError } from './envelope.ts';
import { pickLanguage, translate } from './i18n.ts';
import type { Language } from '../../domain/types.ts';
import { ERROR_KEYWORD, ERROR_PARAMS_KEYWORD } from './schemas.ts';
import { isDatabaseOutage } from '../db/outage.ts';

/** A restarted PostgreSQL accepts connections again within seconds. */
const OUTAGE_RETRY_SECONDS = 5;

/** The docs/contract.md §5 "please enter …" key used when the field is missing or empty. */
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

/** No internal names such as card_id in a message; a field the trader never types has no label. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  account: 'auth.account',
  to: 'auth.account',
  email: 'auth.email',
  mobile: 'auth.mobile',
  area_id: 'auth.area_code',
  password: 'auth.password',
  new_password: 'auth.new_password',
  re_password: 'auth.repassword',
  secondary_password: 'auth.repassword',
  invite_code: 'auth.invite_code',
  sms_code: 'auth.code',
  auth_code: 'auth.code',
  card_id: 'realname.card_id',
  front_pic: 'realname.front',
  reverse_pic: 'realname.back',
  number: 'fields.amount',
  amount: 'fields.amount',
  memo: 'wallet.remark',
  address: 'wallet.address',
  dc_address: 'wallet.address',
  payee_account: 'wallet.payee_account',
  payee_name: 'wallet.payee_name',
  bank_name: 'wallet.bank_name',
  bank_address: 'wallet.bank_address',
  bank_swift: 'wallet.bank_swift',
  draw_currency_id: 'wallet.currency',
  draw_id: 'wallet.currency',
  draw_method_id: 'wallet.payout_method',
  wire_id: 'wallet.pay_to',
  charge_id: 'wallet.network',
  bank_coin: 'wallet.currency',
  proofImg: 'wallet.proof',
  sub_id: 'fields.subscription',
  forex_id: 'fields.instrument',
  note: 'alerts.note',
  price: 'alerts.price',
  from: 'statement.from',
  topic: 'feedback.topic',
  text: 'feedback.text',
};

/** Operators get the flag they type (docs/back-office.md "The CLI"); traders never see internal names. */
function namedField(
  lang: Language,
  key: string,
  params: Record<string, string | number>,
  operator: boolean,
): [string, Record<string, string | number>] {
  if ((key !== 'field_invalid' && key !== 'field_required') || typeof params.field !== 'string') return [key, params];
  if (operator)
    return [key === 'field_required' ? 'staff.flag_required' : 'staff.flag_invalid', { flag: params.field }];
  const label = FIELD_LABELS[params.field];
  return label ? [key, { ...params, field: translate(lang, label) }] : ['request_invalid', {}];
}

/** A key naming its section (`watchlist.errors.full`) is a feature's own. */
export const errorTextKey = (key: string): string => (key.includes('.') ? key : `errors.${key}`);

export function failure<T extends object | null = null>(
  msg: string,
  code: number = CODE_ERROR,
  data: T = null as T,
): Envelope<T> {
  return { code, msg, data };
}

interface SchemaIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  /** Its `x-error` names the message. */
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

/** `x-error` "a|b": a for a value with "@" (meant as an e-mail address), b for one without. */
function byAt(key: string, value: unknown): string {
  const [withAt, without] = key.split('|');
  if (without === undefined) return key;
  return String(value).includes('@') ? (withAt ?? key) : without;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 200 unless said: the client reads `code` (docs/contract.md §8). */
    validationStatus?: number;
  }
}

export function schemaIssueToError(issue: SchemaIssue): ApiError {
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : undefined;
  const field = missing ?? (issue.instancePath.replace(/^\//, '').split('/')[0] || 'body');
  const empty = missing !== undefined || (issue.keyword === 'minLength' && issue.params.limit === 1);
  const requiredKey = REQUIRED_KEYS[field];
  if (empty && requiredKey) return new ApiError(requiredKey);
  // The field's own message for a value of the right type and length that is not what the server takes.
  const own = issue.keyword === 'pattern' ? issue.parentSchema?.[ERROR_KEYWORD] : undefined;
  const ownParams = issue.parentSchema?.[ERROR_PARAMS_KEYWORD] as Record<string, number> | undefined;
  if (typeof own === 'string') return new ApiError(byAt(own, issue.data), undefined, ownParams ?? {});
  return new ApiError(empty ? 'field_required' : 'field_invalid', CODE_ERROR, { field });
}

function clientFaultKey(status: number): string {
  if (status === 413 || status === 431) return 'errors.too_large';
  if (status === 404) return 'errors.not_found';
  return 'errors.bad_request';
}

export function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = pickLanguage(request.headers.lang);
  const fe = err as Partial<FastifyError> & { validation?: SchemaIssue[] };
  const first = fe.validation?.[0];
  if (first?.keyword === 'depth') {
    // Nesting no form has is a malformed request, not a field to correct.
    noteRefusal(request, 'errors.bad_request');
    return reply.code(400).send(failure(translate(lang, clientFaultKey(400))));
  }
  const refused = err instanceof ApiError ? err : first ? schemaIssueToError(first) : null;
  if (refused) {
    const [key, params] = namedField(lang, refused.key, refused.params, request.url.startsWith('/api/ops/'));
    noteRefusal(request, key);
    // The router's own refusals come before any route: no config then.
    const config = (request.routeOptions as Partial<typeof request.routeOptions> | undefined)?.config;
    const status = refused === err ? refused.status : (config?.validationStatus ?? 200);
    return reply
      .code(status)
      .headers(refused.headers)
      .send(failure(translate(lang, errorTextKey(key), params), refused.code, refused.data));
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: fe.code ?? fe.message }, 'rejected request');
    return reply.code(status).send(failure(translate(lang, clientFaultKey(status))));
  }
  if (isDatabaseOutage(err)) return sendUnavailable(err, request, reply);
  request.log.error({ err }, 'unexpected error');
  return reply
    .code(status >= 500 && status < 600 ? status : 500)
    .send(failure(translate(lang, 'errors.internal'), CODE_INTERNAL));
}

/** The database cannot answer: not the request's fault nor a bug, so the caller is told to try again. */
export function sendUnavailable(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const why = err instanceof Error ? ((err as { code?: string }).code ?? err.message) : String(err);
  request.log.warn({ err: why }, 'database unavailable');
  return reply
    .code(503)
    .header('Retry-After', String(OUTAGE_RETRY_SECONDS))
    .send(failure(translate(pickLanguage(request.headers.lang), 'errors.unavailable'), CODE_INTERNAL));
}
