// The code travels only in the request's body, never in the URL.
import { DeliveryError, type Delivered, type Gateway, type OutgoingSms } from './gateway.ts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Tests or a regional edge override https://api.twilio.com. */
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
      // 4xx is final for this message, except credentials (401/403: the operator fixes them) and 429 (slow down).
      const s4 = res.status >= 400 && res.status < 500 && ![401, 403, 429].includes(res.status);
      throw new DeliveryError(`twilio HTTP ${res.status}${code}: ${text}`, s4);
    },
  };
}
