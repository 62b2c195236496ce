// Inserted only where a key is missing, so operator edits survive restarts (docs/contract.md §3).
import contentSettings from './content-settings.json' with { type: 'json' };
import { rowsSeeder, type Seeder } from './seeder.ts';

export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  service_link: 'https://www.example.com/support/chat', // customer chat shown in /mine/chat
  service_link_type: '1', // 1 = embed in the /mine/chat frame, 2 = open in a new window
  verify_reg_type: '1', // 1 = a code sent by e-mail/SMS, 2 = picture captcha
  trade_fee_type: '2', // 1 = lots × fee rate, otherwise margin × fee rate (docs/contract.md §9)
  is_show_mobile: '1', // the register screen offers mobile sign-up
  app_status: '0', // getCompanyStatus.status: not 0 sends the browser to loss_url
  app_type: '0', // 1 = the main site: /product searches provider companies instead of instruments (docs/product.md)
  loss_url: '',
  // The app's public address, for links in messages ("this wasn't me": docs/security.md "Second factor").
  site_url: 'http://localhost:8080',
  payout_hold_hours: '24', // a payout method added or changed is usable after this (docs/security.md "Payout holds")
  withdraw_hold_hours: '24', // withdrawals wait this long after a password change or a second-factor reset
  margin_call_level: '100', // percent: a risk rate crossing it downward warns the trader (docs/trading.md "Margin call")
  // The highest risk % a trader may size an order by (docs/trading.md "Size by risk"); the app never takes above 100.
  risk_cap_percent: '10',
  // 1: the ESMA / FCA retail rules apply (leverage caps, appropriateness; docs/retail-protection.md).
  retail_protection: '1',
  // Four eyes (docs/back-office.md): a withdrawal or manual credit above this needs a second finance member.
  'four_eyes.USD': '10000',
};

/** In settings so an operator can edit them: `announcement.{lang}` = "title\n\nparagraph\n\nparagraph". */
const CONTENT_SETTINGS: Readonly<Record<string, string>> = contentSettings;

const settingsRows = (name: string, values: Readonly<Record<string, string>>): Seeder =>
  rowsSeeder(
    name,
    'settings',
    ['key'],
    Object.entries(values).map(([key, value]) => ({ key, value })),
  );

export const settingsSeeder = settingsRows('settings', DEFAULT_SETTINGS);

export const contentSettingsSeeder = settingsRows('content-settings', CONTENT_SETTINGS);
