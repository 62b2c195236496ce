// @vitest-environment node
// The SMTP gateway (server/notify/gateways/smtp.ts) loads nodemailer with its first message: a load that fails is that
// delivery's retryable failure, and closing the gateway afterwards leaves no rejection behind.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('nodemailer');
  vi.resetModules();
});

describe('smtpGateway', () => {
  it('fails a delivery it could not load nodemailer for, to be retried, and closes cleanly', async () => {
    vi.doMock('nodemailer', () => {
      throw new Error('nodemailer is not installed');
    });
    const { smtpGateway } = await import('../../../../../server/notify/gateways/smtp.ts');
    const gateway = smtpGateway({
      url: 'smtp://127.0.0.1:1',
      from: 'Tickwise <no-reply@tickwise.test>',
      timeoutMs: 1000,
    });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const failed = gateway.deliver({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>', ref: 'r1' });
      await expect(failed).rejects.toMatchObject({ permanent: false });
      gateway.close?.();
      await new Promise((r) => setImmediate(r));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
