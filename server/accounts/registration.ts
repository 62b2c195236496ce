// Checks that cost the user nothing come first, the captcha or code last (docs/security.md "Verification codes").
import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { hashPassword } from '../auth/password.ts';
import { rememberDevice } from '../auth/devices.ts';
import { issueToken } from '../auth/tokens.ts';
import { findUser, inviterId, toWireUser } from '../auth/users.ts';
import { spendDaily } from '../security/counters.ts';
import { getSetting } from '../settings/settings.ts';
import type { LoginResult } from '../../domain/types.ts';
import { areaPrefix } from './area-codes.ts';
import { verifyCaptcha } from './captcha.ts';
import { createUser, isUniqueViolation } from './create-user.ts';
import { checkNewPassword, codeChannel, normaliseAccount, signUpAccount, type Channel } from './identity.ts';
import { originOf, type Requester } from './requester.ts';
import { consumeCode, PURPOSE_REGISTER, verifyCode } from './verification.ts';

export interface SignUpForm {
  type: Channel;
  account?: string;
  mobile?: string;
  area_id?: number;
  password: string;
  re_password: string;
  invite_code?: string;
  /** The captcha's text in captcha mode. */
  sms_code: string;
  /** The captcha's id in captcha mode. */
  key?: string;
}

/** A captcha is consumed when checked, a sent code with the account. */
type Proof = { kind: 'captcha'; key: string } | { kind: 'code'; id: number };

async function signUpArea(ctx: AppContext, form: SignUpForm): Promise<number | null> {
  if (form.type !== 'mobile') return null;
  if (form.area_id === undefined) throw new ApiError('area_required');
  if ((await areaPrefix(ctx.db, form.area_id)) === null) throw new ApiError('area_invalid');
  return form.area_id;
}

async function inviter(ctx: AppContext, code: string | undefined): Promise<number | null> {
  const invite = (code ?? '').trim().toUpperCase();
  if (!invite) return null;
  const id = await inviterId(ctx.db, invite);
  if (id === null) throw new ApiError('invite_code_invalid');
  return id;
}

async function prove(ctx: AppContext, form: SignUpForm, account: string, who: Requester, now: number): Promise<Proof> {
  if ((await getSetting(ctx.db, 'verify_reg_type')) === '2') {
    const key = (form.key ?? '').trim();
    if (!key) throw new ApiError('captcha_required');
    // Code mode is capped by the codes one address may have sent a day; captcha mode gets the same cap here.
    await spendDaily(ctx.db, 'register_address', who.ip, now, ctx.limits.daily('register_address'));
    return { kind: 'captcha', key: await verifyCaptcha(ctx.db, key, form.sms_code, now) };
  }
  const target = { channel: codeChannel(form.type), target: account, purpose: PURPOSE_REGISTER } as const;
  return { kind: 'code', id: await verifyCode(ctx, target, form.key, form.sms_code, now) };
}

/** 'account_exists' also when a parallel sign-up won the race. */
export async function register(ctx: AppContext, form: SignUpForm, who: Requester): Promise<LoginResult> {
  const now = ctx.clock.now();
  const channel = form.type;
  const account = normaliseAccount(channel, signUpAccount(form));
  const areaId = await signUpArea(ctx, form);
  checkNewPassword(form.password, form.re_password);
  const invitedBy = await inviter(ctx, form.invite_code);
  if (await findUser(ctx.db, channel, account)) throw new ApiError('account_exists');
  // Verification last, so a mistake elsewhere does not cost the user a captcha or a code attempt.
  const proof = await prove(ctx, form, account, who, now);
  const passwordHash = await hashPassword(form.password, ctx.limits.scrypt);
  try {
    return await ctx.db.tx(async (q) => {
      // A captcha was consumed when it was checked (verifyCaptcha claims it).
      if (proof.kind === 'code') await consumeCode(q, proof.id, now);
      const user = { email: channel === 'email' ? account : null, mobile: channel === 'mobile' ? account : null };
      const id = await createUser(q, { ...user, areaId, passwordHash, invitedBy }, now);
      const row = await findUser(q, 'id', id);
      if (!row) throw new Error(`user ${id} vanished`);
      await rememberDevice(q, id, who.device, now);
      return { token: await issueToken(q, id, now, originOf(who)), user: toWireUser(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiError('account_exists');
    throw err;
  }
}
