// Only known keys and values the app understands: a typo must not turn the site off (docs/contract.md §3).
import { isRiskCapText } from '../../../domain/order-rules.ts';
import { LANGUAGES } from '../../../domain/types.ts';
import { ApiError, fieldInvalid } from '../../http/envelope.ts';
import { DEFAULT_SETTINGS } from '../../db/seeds/settings.ts';
import { getSettings, setSetting, settingKeysLike } from '../../settings/settings.ts';
import type { OpsCommand } from '../command.ts';
import { FOUR_EYES_AMOUNT } from '../../staff/four-eyes.ts';

/** null: free text up to MAX_VALUE. */
const SETTABLE: Readonly<Record<string, readonly string[] | null>> = {
  service_link: null,
  service_link_type: ['1', '2'],
  verify_reg_type: ['1', '2'],
  trade_fee_type: ['1', '2'],
  is_show_mobile: ['0', '1'],
  app_status: ['0', '1'],
  app_type: ['0', '1'],
  loss_url: null,
  site_url: null,
  complaint_email: null,
  // docs/security.md "Payout holds".
  payout_hold_hours: ['0', '1', '6', '12', '24', '48', '72'],
  withdraw_hold_hours: ['0', '1', '6', '12', '24', '48', '72'],
  // docs/trading.md "Size by risk": checked in settingSet.
  risk_cap_percent: null,
  // docs/retail-protection.md: 1 applies the retail leverage caps and the appropriateness check.
  retail_protection: ['0', '1'],
  ...Object.fromEntries([...LANGUAGES].sort().map((l) => [`announcement.${l}`, null])),
};

const MAX_VALUE = 4000;
/** docs/back-office.md "Four eyes". */
const FOUR_EYES_KEY = /^four_eyes\.[A-Z0-9]{2,10}$/;
const URL_KEYS = new Set(['service_link', 'loss_url', 'site_url']);

export const settingSet: OpsCommand = {
  name: 'setting-set',
  right: 'settings',
  summary: 'Change one base setting (app_type 1 = main site: /product searches provider companies)',
  params: [
    {
      name: 'key',
      help: `one of ${Object.keys(SETTABLE)
        .filter((k) => !k.startsWith('announcement.'))
        .join(', ')}, announcement.<lang>, four_eyes.<CURRENCY> (e.g. four_eyes.USD)`,
    },
    { name: 'value', help: 'the new value (switches take only their listed values; links http(s) or empty)' },
  ],
  before: async (q, args) => ({ key: args.key, value: (await getSettings(q, [args.key ?? '']))[args.key ?? ''] }),
  async run(ctx, args) {
    const key = args.key ?? '';
    const value = args.value ?? '';
    if (FOUR_EYES_KEY.test(key)) {
      // Empty means no threshold.
      if (value !== '' && !FOUR_EYES_AMOUNT.test(value)) throw fieldInvalid('value');
    } else {
      if (!(key in SETTABLE)) throw fieldInvalid('key');
      // The app would read a bad cap as its default: refuse it here, saying what the value must be.
      if (key === 'risk_cap_percent' && !isRiskCapText(value)) throw new ApiError('staff.risk_cap_invalid');
      const allowed = SETTABLE[key];
      if (allowed && !allowed.includes(value)) throw fieldInvalid('value');
      if (value.length > MAX_VALUE) throw fieldInvalid('value');
      if (URL_KEYS.has(key) && value !== '' && !/^https?:\/\/[^\s]+$/i.test(value)) throw fieldInvalid('value');
    }
    await setSetting(ctx.db, key, value);
    return { key, value };
  },
};

export const SETTING_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'setting-list',
    right: 'settings',
    summary: 'The base settings an operator may change, with their current values',
    params: [],
    async run(ctx) {
      const fourEyes = new Set(['four_eyes.USD', ...(await settingKeysLike(ctx.db, 'four_eyes.'))]);
      const keys = [...Object.keys(SETTABLE), ...[...fourEyes].sort()];
      const values = await getSettings(ctx.db, keys);
      return keys.map((key) => ({ key, value: values[key] ?? DEFAULT_SETTINGS[key] ?? '' }));
    },
  },
  settingSet,
];
