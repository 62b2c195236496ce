import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/app-context.ts';
import { areaCodes } from '../accounts/area-codes.ts';
import { findCompanies } from '../content/companies-repository.ts';
import { ok } from '../http/envelope.ts';
import { int, query, requiredStr, str } from '../http/schemas.ts';
import { baseSettings, getSetting, getSettings } from '../settings/settings.ts';
import { AREA_LIST, BASE_SETTINGS, COMPANIES, COMPANY_STATUS, PUBLIC_SETTING } from '../http/wire/account.ts';
import { publicRead, enumOf } from '../http/wire-schema.ts';

const TAGS = ['Common'];

/** Everything else stays server-side. */
const PUBLIC_SETTING_KEYS = ['is_show_mobile', 'risk_cap_percent', 'payout_hold_hours'] as const;

export async function commonRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  app.get('/api/default/area_list', publicRead(TAGS, AREA_LIST), async () => ok(await areaCodes(db)));

  app.get<{ Querystring: { key: (typeof PUBLIC_SETTING_KEYS)[number] } }>(
    '/api/default/setting',
    publicRead(
      TAGS,
      PUBLIC_SETTING,
      query({ key: { ...requiredStr(64), ...enumOf(...PUBLIC_SETTING_KEYS) } }, ['key']),
    ),
    async (request) => ok({ key: request.query.key, value: await getSetting(db, request.query.key) }),
  );

  app.get('/api/basicSet/getBasicInfo', publicRead(TAGS, BASE_SETTINGS), async () => ok(await baseSettings(db)));

  app.get<{ Querystring: { name?: string; id?: number } }>(
    '/api/company/getCompany',
    publicRead(TAGS, COMPANIES, query({ name: str(100), id: int(1) })),
    async (request) => {
      const name = (request.query.name ?? '').trim();
      return ok(await findCompanies(db, request.query.id ?? null, name));
    },
  );

  app.get('/api/company/getCompanyStatus', publicRead(TAGS, COMPANY_STATUS), async () => {
    const s = await getSettings(db, ['app_status', 'app_type', 'loss_url']);
    // Only an http(s) address is ever handed out: the client navigates to it (a javascript: URL would run).
    const lossUrl = /^https?:\/\//i.test(s.loss_url ?? '') ? (s.loss_url ?? '') : '';
    return ok({ status: Number(s.app_status) || 0, type: Number(s.app_type) || 0, loss_url: lossUrl });
  });
}
