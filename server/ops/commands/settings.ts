// The base settings an operator changes without a deploy (SPEC §3: service link and its type, the register check,
// the fee rule, the app status and site type, the complaint address, the announcement per language). Only known
// keys, and for the switches only the values the app understands: a typo must not turn the site off.
import { ApiError } from '../../http/envelope.ts';
import { DEFAULT_SETTINGS } from '../../db/seeds/settings.ts';
import { getSettings, setSetting } from '../../settings/settings.ts';
import type { OpsCommand } from '../command.ts';

const LANGS = [
  'ar',
  'cs',
  'de',
  'en',
  'fr',
  'hi',
  'hk',
  'id',
  'it',
  'jp',
  'kr',
  'my',
  'pt',
  'ru',
  'spa',
  'th',
  'tr',
  'vn',
];

/** Keys an operator may set, each with the values it allows (null: free text up to MAX_VALUE). */
export const SETTABLE: Readonly<Record<string, readonly string[] | null>> = {
  service_link: null,
  service_link_type: ['1', '2'],
  verify_reg_type: ['1', '2'],
  trade_fee_type: ['1', '2'],
  is_show_mobile: ['0', '1'],
  app_status: ['0', '1'],
  app_type: ['0', '1'],
  loss_url: null,
  complaint_email: null,
  // docs/security.md "Payout holds": hours a new payout method, and withdrawals after a security change, wait.
  payout_hold_hours: ['0', '1', '6', '12', '24', '48', '72'],
  withdraw_hold_hours: ['0', '1', '6', '12', '24', '48', '72'],
  ...Object.fromEntries(LANGS.map((l) => [`announcement.${l}`, null])),
};

const MAX_VALUE = 4000;
const URL_KEYS = new Set(['service_link', 'loss_url']);

export interface SettingRow {
  key: string;
  value: string;
}

export const settingList: OpsCommand = {
  name: 'setting-list',
  summary: 'The base settings an operator may change, with their current values',
  params: [],
  async run(ctx) {
    const keys = Object.keys(SETTABLE);
    const values = await getSettings(ctx.db, keys);
    return keys.map((key): SettingRow => ({ key, value: values[key] ?? DEFAULT_SETTINGS[key] ?? '' }));
  },
};

export const settingSet: OpsCommand = {
  name: 'setting-set',
  summary: 'Change one base setting (app_type 1 = main site: /product searches provider companies)',
  params: [
    {
      name: 'key',
      help: `one of ${Object.keys(SETTABLE)
        .filter((k) => !k.startsWith('announcement.'))
        .join(', ')}, announcement.<lang>`,
    },
    { name: 'value', help: 'the new value (switches take only their listed values; links http(s) or empty)' },
  ],
  async run(ctx, args) {
    const key = args.key ?? '';
    const value = args.value ?? '';
    if (!(key in SETTABLE)) throw new ApiError('field_invalid', undefined, { field: 'key' });
    const allowed = SETTABLE[key];
    if (allowed && !allowed.includes(value)) throw new ApiError('field_invalid', undefined, { field: 'value' });
    if (value.length > MAX_VALUE) throw new ApiError('field_invalid', undefined, { field: 'value' });
    if (URL_KEYS.has(key) && value !== '' && !/^https?:\/\/[^\s]+$/i.test(value)) {
      throw new ApiError('field_invalid', undefined, { field: 'value' });
    }
    await setSetting(ctx.db, key, value);
    return { key, value } satisfies SettingRow;
  },
};

export const SETTING_COMMANDS: readonly OpsCommand[] = [settingList, settingSet];
