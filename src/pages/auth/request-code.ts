// Sends a verification code (SPEC §7 send_email / send_sms) and toasts the server's message; true when it went out.
import { sendCode, type CodePurpose, type LoginType } from '../../api/account.ts';
import { toast } from '../../state/toasts.ts';

/** `sentText` is shown when the server sends no message; a failure was already shown by the API client. */
export async function requestCode(
  channel: LoginType,
  to: string,
  areaId: number | undefined,
  purpose: CodePurpose,
  sentText: string,
): Promise<boolean> {
  try {
    const env = await sendCode(channel, to, areaId, purpose);
    toast(env.msg || sentText);
    return true;
  } catch {
    return false;
  }
}
