// /mine/invite: while the invite code loads the card is busy (aria-busy) and its copy buttons disabled; once it has
// come, the code, the link and both buttons, and the card no longer busy — a reader or an accessibility check that
// waits for the busy mark never sees the half-drawn card. A failed load ends the busy mark too.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { InvitePage } from '../../../../../src/pages/mine/invite-page.tsx';
import { signIn } from '../../../../../src/state/account/session.ts';
import { fail, ok, type Reply } from '../../../api-fake-server.ts';
import { renderRoutes, settle, unmountRendered, type Rendered } from '../../../pages-render.tsx';
import { startInEnglish, useFakeApi } from '../../../page-suite.tsx';

const REAL = { id: 1, uid: 'U100', email: 'real@x.co', mobile: '', is_demo: 0 as const, invite_code: 'A' };
const routes: RouteObject[] = [{ path: '/mine/invite', element: <InvitePage /> }];
const fake = useFakeApi();
let view: Rendered | null = null;
const card = (): Element | null => view?.container.querySelector('.ct-invite') ?? null;
const buttons = (): boolean[] =>
  [...(view?.container.querySelectorAll<HTMLButtonElement>('.ct-button') ?? [])].map((b) => b.disabled);

beforeAll(startInEnglish);
afterEach(unmountRendered);

/** Serves the invite info only when `answer` is called. */
function heldInvite(): (reply: Reply) => void {
  let answer: (reply: Reply) => void = () => undefined;
  fake.server.on('GET', '/api/user/invite', () => new Promise<Reply>((resolve) => (answer = resolve)));
  return (reply) => answer(reply);
}

describe('/mine/invite', () => {
  it('is busy with its buttons disabled until the code comes, then shows the code and link', async () => {
    signIn({ token: 't', user: REAL });
    const answer = heldInvite();
    view = await renderRoutes(routes, '/mine/invite');
    await settle();
    expect(card()?.getAttribute('aria-busy')).toBe('true');
    expect(buttons()).toEqual([true, true]);
    answer(ok({ invite_code: 'K7Q2', invite_count: 3 }));
    await settle();
    expect(card()?.getAttribute('aria-busy')).toBe('false');
    expect(buttons()).toEqual([false, false]);
    expect(view.container.querySelector('[data-testid="invite-code"]')?.textContent).toBe('K7Q2');
    expect(view.container.querySelector('[data-testid="invite-link"]')?.textContent).toContain('K7Q2');
  });

  it('is no longer busy when the code cannot be loaded', async () => {
    signIn({ token: 't', user: REAL });
    const answer = heldInvite();
    view = await renderRoutes(routes, '/mine/invite');
    await settle();
    answer(fail(0, 'unavailable'));
    await settle();
    expect(card()?.getAttribute('aria-busy')).toBe('false');
    expect(buttons()).toEqual([true, true]);
  });
});
