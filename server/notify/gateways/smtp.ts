// E-mail over SMTP with nodemailer (docs/notifications.md "E-mail"). SMTP_URL says where: smtp://user:pass@host:587
// (plain connection upgraded with STARTTLS whenever the server offers it) or smtps://user:pass@host:465 (TLS from the
// first byte); nodemailer's own URL options ride in its query (e.g. tls.servername). SMTP_FROM is the From header,
// `"Tickwise" <no-reply@example.com>`. Each message goes with a Message-ID made from the queue row's stable ref, so a
// redelivery after a crash is the same message to the receiving side.
import nodemailer from 'nodemailer';
import { DeliveryError, type Delivered, type Gateway, type OutgoingEmail } from './gateway.ts';

export interface SmtpSettings {
  url: string;
  from: string;
  /** Connect, greeting and socket timeouts (ms): an attempt ends well within the queue's lease. */
  timeoutMs: number;
}

/** The domain of the From address, for the Message-ID's right-hand side. */
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
  const transport = nodemailer.createTransport(s.url, {
    from: s.from,
  });
  // Timeouts on the transport's options (the URL may not say them): a hung server must not hold the lease.
  Object.assign(transport.options as Record<string, unknown>, {
    connectionTimeout: s.timeoutMs,
    greetingTimeout: s.timeoutMs,
    socketTimeout: s.timeoutMs,
  });
  const domain = fromDomain(s.from);
  return {
    name: 'smtp',
    async deliver(m: OutgoingEmail): Promise<Delivered> {
      try {
        const info = await transport.sendMail({
          from: s.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: `<${m.ref}@${domain}>`,
        });
        const queued = /queued as ([\w.-]+)/i.exec(String(info.response ?? ''));
        return { providerId: queued?.[1] ?? (info.messageId ? String(info.messageId) : null) };
      } catch (err) {
        const e = err as Error & SmtpFailure;
        // 5xx is the server's final refusal of this message (an unknown mailbox); a login refused (EAUTH) or a
        // connection problem is the operator's to fix, so those are retried until the limit.
        const code = e.responseCode ?? 0;
        const permanent = code >= 500 && code < 600 && e.code !== 'EAUTH';
        const what = [e.code, e.responseCode, e.command].filter((x) => x !== undefined).join(' ');
        throw new DeliveryError(`smtp ${what}: ${e.message}`, permanent);
      }
    },
    close() {
      transport.close();
    },
  };
}
