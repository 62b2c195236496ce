import type { AreaCode, BaseSettings, Company, LoginResult, User } from '../../../domain/types.ts';
import type { CaptchaImage } from '../../accounts/captcha.ts';
import { decimal, enumOf, integer, listShape, shape, text } from '../wire-schema.ts';

export const USER = shape<User>('User', {
  id: integer,
  uid: text,
  email: text,
  mobile: text,
  is_demo: enumOf(0, 1),
  invite_code: text,
});

export const LOGIN_RESULT = shape<LoginResult>('LoginResult', { token: text, user: USER });

export const AREA_LIST = listShape<AreaCode>('AreaCode', { id: integer, code: text, global_code: text });

export const PUBLIC_SETTING = shape<{ key: string; value: string }>('PublicSetting', { key: text, value: text });

export const BASE_SETTINGS = shape<BaseSettings>('BaseSettings', {
  service_link: text,
  service_link_type: integer,
  verify_reg_type: integer,
  trade_fee_type: integer,
});

export const COMPANIES = listShape<Company>('Company', {
  id: integer,
  name: text,
  subject: text,
  logo: text,
  url: text,
  registered_address: text,
  location: text,
  email: text,
});

export const COMPANY_STATUS = shape<{ status: number; type: number; loss_url: string }>('CompanyStatus', {
  status: integer,
  type: integer,
  loss_url: text,
});

/** The check that uses the code carries `key`; `resend_after` drives the client's countdown. */
export const CODE_SENT = shape<{ key: string; resend_after: number }>('CodeSent', { key: text, resend_after: integer });

export const CAPTCHA = shape<CaptchaImage>('Captcha', { id: text, b64s: text });

export const DEMO_RESET = shape<{ balance: string; lock_balance: string }>('DemoReset', {
  balance: decimal,
  lock_balance: decimal,
});

export const HEALTH = shape<{ status: string; db: string; time: number }>('Health', {
  status: text,
  db: enumOf('pglite', 'postgres'),
  time: integer,
});
