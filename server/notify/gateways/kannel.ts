// Parameters ride in X-Kannel-* headers, so neither the code nor the password is ever in a URL or access log.
import { DeliveryError, type Delivered, type Gateway, type OutgoingSms } from './gateway.ts';

export interface KannelSettings {
  /** e.g. http://127.0.0.1:13013/cgi-bin/sendsms */
  url: string;
  username: string;
  password: string;
  /** Empty: Kannel's global-sender. */
  from: string;
  timeoutMs: number;
}

const plainAscii = (text: string): boolean => /^[\x20-\x7e\n\r]*$/.test(text);

export function kannelGateway(s: KannelSettings): Gateway<OutgoingSms> {
  return {
    name: 'kannel',
    async deliver(m: OutgoingSms): Promise<Delivered> {
      const headers: Record<string, string> = {
        'content-type': 'text/plain; charset=utf-8',
        'x-kannel-username': s.username,
        'x-kannel-password': s.password,
        'x-kannel-to': m.to,
      };
      if (s.from) headers['x-kannel-from'] = s.from;
      if (!plainAscii(m.text)) headers['x-kannel-coding'] = '2';
      let res: Response;
      try {
        res = await fetch(s.url, { method: 'POST', headers, body: m.text, signal: AbortSignal.timeout(s.timeoutMs) });
      } catch (err) {
        throw new DeliveryError(`kannel unreachable: ${(err as Error).name}: ${(err as Error).message}`);
      }
      const answer = (await res.text().catch(() => '')).trim().slice(0, 200);
      if (res.status === 202 || res.status === 200) {
        // Kannel gives no message id on sendsms; the row's own ref is the reference.
        return { providerId: null };
      }
      // 400 (a refused receiver, a bad text) cannot succeed later; authorization and 5xx are retried.
      throw new DeliveryError(`kannel HTTP ${res.status}: ${answer}`, res.status === 400);
    },
  };
}
