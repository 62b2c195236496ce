// Every failure becomes the {code, msg, data} envelope; anything unexpected is a 500 with CODE_INTERNAL.
import { noteRefusal } from '../metrics/metrics.ts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { CODE_ERROR, CODE_INTERNAL, type Envelope } from '../../domain/types.ts';
import { ApiError } from './envelope.ts';
import { pickLanguage, translate } from './i18n.ts';
import type { Language } from '../../domain/types.ts';
import { ERROR_KEYWORD, ERROR_PARAMS_KEYWORD } from './schemas.ts';
import { isDatabaseOutage } from '../db/outage.ts';

/** A restarted PostgreSQL accepts connections again within seconds. */
const OUTAGE_RETRY_SECONDS = 5;

/** A field without a label is never named to a trader; `required` is its docs/contract.md §5 "please enter …" key. */
const FIELDS: Readonly<Record<string, { label?: string; required?: string }>> = {
  account: { label: 'auth.account', required: 'account_required' },
  to: { label: 'auth.account', required: 'account_required' },
  email: { label: 'auth.email', required: 'email_required' },
  mobile: { label: 'auth.mobile', required: 'mobile_required' },
  area_id: { label: 'auth.area_code' },
  password: { label: 'auth.password', required: 'password_required' },
  new_password: { label: 'auth.new_password', required: 'password_required' },
  re_password: { label: 'auth.repassword', required: 'repassword_required' },
  secondary_password: { label: 'auth.repassword', required: 'repassword_required' },
  invite_code: { label: 'auth.invite_code', required: 'invite_code_required' },
  sms_code: { label: 'auth.code', required: 'code_required' },
  auth_code: { label: 'auth.code', required: 'code_required' },
  card_id: { label: 'realname.card_id', required: 'id_number_required' },
  front_pic: { label: 'realname.front' },
  reverse_pic: { label: 'realname.back' },
  number: { label: 'fields.amount' },
  amount: { label: 'fields.amount' },
  memo: { label: 'wallet.remark' },
  address: { label: 'wallet.address' },
  dc_address: { label: 'wallet.address' },
  payee_account: { label: 'wallet.payee_account' },
  payee_name: { label: 'wallet.payee_name' },
  bank_name: { label: 'wallet.bank_name' },
  bank_address: { label: 'wallet.bank_address' },
  bank_swift: { label: 'wallet.bank_swift' },
  draw_currency_id: { label: 'wallet.currency' },
  draw_id: { label: 'wallet.currency' },
  draw_method_id: { label: 'wallet.payout_method' },
  wire_id: { label: 'wallet.pay_to' },
  charge_id: { label: 'wallet.network' },
  bank_coin: { label: 'wallet.currency' },
  proofImg: { label: 'wallet.proof' },
  sub_id: { label: 'fields.subscription' },
  forex_id: { label: 'fields.instrument' },
  note: { label: 'alerts.note' },
  price: { label: 'alerts.price' },
  from: { label: 'statement.from' },
  topic: { label: 'feedback.topic' },
  text: { label: 'feedback.text' },
  name: { required: 'name_required' },
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
  const label = FIELDS[params.field]?.label;
  return label ? [key, { ...params, field: translate(lang, label) }] : ['request_invalid', {}];
}

/** A key naming its section (`watchlist.errors.full`) is a feature's own. */
const errorTextKey = (key: string): string => (key.includes('.') ? key : `errors.${key}`);

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

function schemaIssueToError(issue: SchemaIssue): ApiError {
  const missing = typeof issue.params.missingProperty === 'string' ? issue.params.missingProperty : undefined;
  const field = missing ?? (issue.instancePath.replace(/^\//, '').split('/')[0] || 'body');
  const empty = missing !== undefined || (issue.keyword === 'minLength' && issue.params.limit === 1);
  const requiredKey = FIELDS[field]?.required;
  if (empty && requiredKey) return new ApiError(requiredKey);
  // The field's own message for a value of the right type and length that is not what the server takes.
  const own = issue.keyword === 'pattern' ? issue.parentSchema?.[ERROR_KEYWORD] : undefined;
  const ownParams = issue.parentSchema?.[ERROR_PARAMS_KEYWORD] as Record<string, number> | undefined;
  if (typeof own === 'string') return new ApiError(byAt(own, issue.data), undefined, ownParams ?? {});
  return new ApiError(empty ? 'field_required' : 'field_invalid', CODE_ERROR, { field });
}

export function clientFaultKey(status: number): string {
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
