// Registration by e-mail through SMTP, in the browser (docs/notifications.md): the app server runs with SMTP_URL
// pointing at a real SMTP server this test starts (the `smtp-server` package, STARTTLS and a login); the person fills
// /register, presses "Send code", the code arrives by e-mail (read here from the delivered message, not from the
// outbox), is typed in, and the account is made and signed in. Then /mine/notices shows the empty list and the notice
// settings, where the anti-phishing phrase is set. Screenshots at 360×740 land in test-artifacts/.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PHONE } from './browser.ts';
import { describeInFlowBrowsers } from './flow-browsers.ts';
import { startAppServer, WEEKDAY_NOON, type AppServer } from './app-server.ts';
import { codeIn, startSmtpSink, type SmtpSink } from '../fixtures/smtp-sink.ts';
import { slow } from '../fixtures/slowness.ts';

let sink: SmtpSink;
let server: AppServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startAppServer({
    SIM_TIME: WEEKDAY_NOON,
    SMTP_URL: sink.url,
    SMTP_FROM: '"Tickwise" <no-reply@tickwise.test>',
  });
});

afterAll(async () => {
  await server?.dispose();
  await sink?.close();
});

describeInFlowBrowsers((browser) => {
  it('registers by e-mail with the code that came through SMTP, then sets the anti-phishing phrase', async () => {
    const { context, page } = await browser().newPage(PHONE, { locale: 'en-GB' });
    await page.addInitScript(() => (document.cookie = 'lang=en; path=/'));
    const email = `e2e-smtp-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

    await page.goto(`${server.url}/#/register`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('smtp-pass-1');
    await page.locator('input[name="re_password"]').fill('smtp-pass-1');
    await page.locator('[data-testid="send-code"]').click();
    await expect
      .poll(() => sink.received.filter((m) => m.to.includes(email)).length, { timeout: slow(20_000) })
      .toBe(1);
    const mail = sink.received.find((m) => m.to.includes(email))!;
    expect(mail.secure).toBe(true);
    const code = codeIn(mail.text);
    expect(mail.html).toContain(code);

    await page.locator('input[name="code"]').fill(code);
    await browser().snap(page, 'delivery-register-360');
    await page.locator('[data-testid="register-submit"]').click();
    await page.waitForURL((u) => !u.hash.startsWith('#/register'), { timeout: slow(20_000) });

    // Signed in: the notice screen from /user, and the phrase saved there.
    await page.goto(`${server.url}/#/user`);
    await page.locator('[data-row="notices"]').click();
    await page.waitForURL(/#\/mine\/notices/);
    await page.locator('[data-testid="notices"][data-state="empty"]').waitFor();
    await page.locator('[data-testid="notice-settings"] input[name="phrase"]').fill('blue harbour 42');
    await page.locator('[data-testid="notice-settings"] button[type="submit"]').click();
    await expect
      .poll(() => page.locator('[data-testid="phrase-current"]').innerText(), { timeout: slow(10_000) })
      .toBe('blue harbour 42');
    await browser().snap(page, 'delivery-notices-360');
    await context.close();
  });
});
