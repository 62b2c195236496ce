// /mine/security: the second factor, the devices and, below them, the notice settings (the anti-phishing phrase),
// the same section /mine/notices shows (src/components/account/notice-settings-section.tsx).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { SecurityPage } from '../../../../../src/pages/security/security-page.tsx';
import { signIn } from '../../../../../src/state/account/session.ts';
import { ok } from '../../../api-fake-server.ts';
import { renderRoutes, settle, unmountRendered, type Rendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const REAL = { id: 1, uid: 'U100', email: 'real@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const routes: RouteObject[] = [{ path: '/mine/security', element: <SecurityPage /> }];
const fake = useFakeApi();
let view: Rendered | null = null;

beforeAll(startInEnglish);
afterEach(unmountRendered);

describe('/mine/security', () => {
  it('shows the anti-phishing phrase set for the account below the devices', async () => {
    signIn({ token: 't', user: REAL });
    fake.server.on(
      'GET',
      '/api/security/overview',
      ok({ second_factor: 0, recovery_left: 0, withdrawals_held_until: 0, sessions: [] }),
    );
    fake.server.on('GET', '/v1/api/notices/settings', ok({ phrase: 'blue heron' }));
    view = await renderRoutes(routes, '/mine/security');
    await settle();
    const page = view.container.querySelector('[data-testid="security-page"]');
    expect(page?.querySelector('.nt-settings')).not.toBeNull();
    expect(page?.querySelector('[data-testid="phrase-current"]')?.textContent).toContain('blue heron');
  });
});
