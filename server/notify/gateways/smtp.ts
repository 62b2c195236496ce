// The Message-ID comes from the queue row's stable ref, so a redelivery after a crash is the same message.
import type { Transporter } from 'nodemailer';
import { DeliveryError, type Delivered, type Gateway, type OutgoingEmail } from './gateway.ts';

interface SmtpSettings {
  url: string;
  from: string;
  /** An attempt must end well within the queue's lease. */
  timeoutMs: number;
}

/** For the Message-ID's right-hand side. */
export function fromDomain(from: string): string {
  const m = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return m?.[1] ?? 'tickwise.invalid';
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
  command?: string;
}

export function smtpGateway(s: SmtpSettings): Gateway<OutgoingEmail> {
  // nodemailer loads with the first message, not at every server start.
  let opened: Promise<Transporter> | undefined;
  const open = (): Promise<Transporter> =>
    (opened ??= import('nodemailer').then(({ default: nodemailer }) => {
      const t = nodemailer.createTransport(s.url, { from: s.from });
      // The URL may not say timeouts, and a hung server must not hold the lease.
      Object.assign(t.options as Record<string, unknown>, {
        connectionTimeout: s.timeoutMs,
        greetingTimeout: s.timeoutMs,
        socketTimeout: s.timeoutMs,
      });
      return t;
    }));
  const domain = fromDomain(s.from);
  return {
    name: 'smtp',
    async deliver(m: OutgoingEmail): Promise<Delivered> {
      try {
        const transport = await open();
        const { ref, ...mail } = m;
        const info = await transport.sendMail({ from: s.from, ...mail, messageId: `<${ref}@${domain}>` });
        const queued = /queued as ([\w.-]+)/i.exec(String(info.response ?? ''));
        return { providerId: queued?.[1] ?? (info.messageId ? String(info.messageId) : null) };
      } catch (err) {
        const e = err as Error & SmtpFailure;
        // 5xx is a final refusal; a refused login or connection problem is the operator's to fix, so it is retried.
        const code = e.responseCode ?? 0;
        const permanent = code >= 500 && code < 600 && e.code !== 'EAUTH';
        const what = [e.code, e.responseCode, e.command].filter((x) => x !== undefined).join(' ');
        throw new DeliveryError(`smtp ${what}: ${e.message}`, permanent);
      }
    },
    close() {
      // A transport that never loaded has nothing to close; its failure was the delivery's.
      void opened?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}
