// /mine/notices: the account's notices in pages (title, text, new ones marked; the list busy while a page loads),
// "mark all as read", and the notice settings: the anti-phishing phrase shown, refused in the form when it breaks the
// rule (nothing sent), saved otherwise.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { NoticesPage } from '../../../../../src/pages/mine/notices-page.tsx';
import { signIn } from '../../../../../src/state/account/session.ts';
import { ok, type Reply } from '../../../api-fake-server.ts';
import {
  click,
  renderRoutes,
  settle,
  submit,
  typeInto,
  unmountRendered,
  type Rendered,
} from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const REAL = { id: 1, uid: 'U100', email: 'real@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const routes: RouteObject[] = [{ path: '/mine/notices', element: <NoticesPage /> }];
const fake = useFakeApi();
let view: Rendered | null = null;
const q = (sel: string): Element | null => view?.container.querySelector(sel) ?? null;

beforeAll(startInEnglish);
afterEach(unmountRendered);

const NOTICE = (id: number, read: boolean) => ({
  id,
  kind: 'deposit_credited',
  title: 'Deposit credited',
  text: `A deposit of ${id}00.00 USD was credited to your wallet.`,
  created_at: '2026-11-18T12:00:00.000Z',
  read,
});

describe('/mine/notices', () => {
  it('lists the notices, marks the new ones, and marks all read', async () => {
    signIn({ token: 't', user: REAL });
    let unread = 1;
    fake.server.on('GET', '/v1/api/notices/list', () =>
      ok({ data: [NOTICE(2, unread === 0), NOTICE(1, true)], total: 2, unread }),
    );
    fake.server.on('GET', '/v1/api/notices/settings', ok({ phrase: null }));
    fake.server.on('POST', '/v1/api/notices/read', () => {
      unread = 0;
      return ok({ unread: 0 });
    });
    view = await renderRoutes(routes, '/mine/notices');
    await settle();
    const rows = [...(view.container.querySelectorAll('.nt-row') ?? [])];
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['0', '1']);
    expect(rows[0]?.textContent).toContain('A deposit of 200.00 USD was credited to your wallet.');
    expect(q('.nt-row__new')?.textContent).toBe('New');
    expect(q('[data-testid="phrase-current"]')?.textContent).toBe('No phrase set');
    await click(q('.nt-head__read'));
    await settle();
    expect(fake.server.seen.some((r) => r.method === 'POST' && r.url === '/v1/api/notices/read')).toBe(true);
    expect(q('.nt-row__new')).toBeNull();
  });

  it('is busy while the notices load, and "mark all as read" is offered with them', async () => {
    signIn({ token: 't', user: REAL });
    let answer: (reply: Reply) => void = () => undefined;
    fake.server.on('GET', '/v1/api/notices/list', () => new Promise<Reply>((resolve) => (answer = resolve)));
    fake.server.on('GET', '/v1/api/notices/settings', ok({ phrase: null }));
    view = await renderRoutes(routes, '/mine/notices');
    await settle();
    const readAll = (): HTMLButtonElement | null => view?.container.querySelector('.nt-head__read') ?? null;
    expect(q('[data-testid="notices"]')?.getAttribute('aria-busy')).toBe('true');
    expect(readAll()?.disabled).toBe(true);
    answer(ok({ data: [NOTICE(1, false)], total: 1, unread: 1 }));
    await settle();
    expect(q('[data-testid="notices"]')?.getAttribute('aria-busy')).toBe('false');
    expect(readAll()?.disabled).toBe(false);
  });

  it('refuses a phrase that breaks the rule without asking the server, and saves a good one', async () => {
    signIn({ token: 't', user: REAL });
    fake.server.on('GET', '/v1/api/notices/list', ok({ data: [], total: 0, unread: 0 }));
    fake.server.on('GET', '/v1/api/notices/settings', ok({ phrase: 'old phrase' }));
    fake.server.on('POST', '/v1/api/notices/settings', (req) =>
      ok({ phrase: new URLSearchParams(req.body).get('phrase') }),
    );
    view = await renderRoutes(routes, '/mine/notices');
    await settle();
    expect(q('[data-testid="phrase-current"]')?.textContent).toBe('old phrase');
    await typeInto(q('input[name="phrase"]'), '<b>');
    await submit(q('.nt-settings__form'));
    expect(q('.nt-settings__error')?.textContent).toBe('The phrase must be 4 to 32 letters, digits or spaces.');
    expect(fake.server.seen.filter((r) => r.method === 'POST')).toEqual([]);
    await typeInto(q('input[name="phrase"]'), 'blue harbour 42');
    await submit(q('.nt-settings__form'));
    await settle();
    expect(q('.nt-settings__error')).toBeNull();
    expect(q('[data-testid="phrase-current"]')?.textContent).toBe('blue harbour 42');
  });
});
