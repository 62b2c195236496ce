// SMS through Twilio's Messages API (docs/notifications.md "SMS: Twilio"): POST
// {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From and Body, HTTP basic auth with the
// account SID and auth token. 201 answers the message resource (its `sid`); an error answers JSON with `code` and
// `message` (and `status`). The code travels only in the request's body, never in the URL.
import { DeliveryError, type Delivered, type Gateway, type OutgoingSms } from './gateway.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 (+15005550006) or a Messaging Service / alphanumeric sender the account allows. */
  from: string;
  /** https://api.twilio.com unless a test or a regional edge says otherwise. */
  apiBase: string;
  timeoutMs: number;
}

export function twilioGateway(s: TwilioSettings): Gateway<OutgoingSms> {
  const url = `${s.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(s.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${s.accountSid}:${s.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async deliver(m: OutgoingSms): Promise<Delivered> {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: m.to, From: s.from, Body: m.text }).toString(),
          signal: AbortSignal.timeout(s.timeoutMs),
        });
      } catch (err) {
        throw new DeliveryError(`twilio unreachable: ${(err as Error).name}: ${(err as Error).message}`);
      }
      const json = (await res.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (res.status === 201 && typeof json.sid === 'string') return { providerId: json.sid };
      const code = typeof json.code === 'number' || typeof json.code === 'string' ? ` ${json.code}` : '';
      const text = typeof json.message === 'string' ? json.message.slice(0, 200) : '';
      // 4xx but 401/403 (credentials: the operator fixes them) and 429 (slow down) is final for this message.
      const s4 = res.status >= 400 && res.status < 500 && ![401, 403, 429].includes(res.status);
      throw new DeliveryError(`twilio HTTP ${res.status}${code}: ${text}`, s4);
    },
  };
}
