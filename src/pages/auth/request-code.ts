// Sends a verification code (SPEC §7 send_email / send_sms) and toasts the server's message; true when it went out.
// The answer's key is handed to `onKey`: the form sends it with the code (only this caller can spend its checks).
import { sendCode, type CodePurpose, type LoginType } from '../../api/account.ts';
import { toast } from '../../state/toasts.ts';
import { validateAccount, type AccountField, type FieldError } from './validation.ts';

/** `sentText` is shown when the server sends no message; a failure was already shown by the API client. */
export async function requestCode(
  channel: LoginType,
  to: string,
  areaId: number | undefined,
  purpose: CodePurpose,
  sentText: string,
  onKey: (key: string) => void,
): Promise<boolean> {
  try {
    const env = await sendCode(channel, to, areaId, purpose);
    onKey(env.data?.key ?? '');
    toast(env.msg || sentText);
    return true;
  } catch {
    return false;
  }
}

/**
 * Register and forgot-password: check the email or phone first (the problem goes to `setError`), then send the code,
 * with the area code only for a mobile number.
 */
export async function requestAccountCode(
  req: {
    type: LoginType;
    account: string;
    areaId: number | undefined;
    purpose: CodePurpose;
    sentText: string;
    onKey: (key: string) => void;
  },
  setError: (error: FieldError<AccountField> | null) => void,
): Promise<boolean> {
  const problem = validateAccount(req.type, req.account);
  setError(problem);
  if (problem) return false;
  const areaId = req.type === 'mobile' ? req.areaId : undefined;
  return requestCode(req.type, req.account.trim(), areaId, req.purpose, req.sentText, req.onKey);
}
