// The session store: signIn/signOut, idb persistence, the synchronous first-paint hint, the persisted demo_id.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clear, get } from 'idb-keyval';
import type { User } from '../../../../../domain/types.ts';

type SessionModule = typeof import('../../../../../src/state/account/session.ts');

const REAL: User = { id: 1, uid: 'U1', email: 'r@x.co', mobile: '', is_demo: 0, invite_code: 'AAA' };
const DEMO: User = { ...REAL, id: 2, uid: 'D2', email: '', is_demo: 1 };

/** A fresh copy of the module, as on a page load (it reads the hint when it is imported). */
async function load(): Promise<SessionModule> {
  vi.resetModules();
  return import('../../../../../src/state/account/session.ts');
}

beforeEach(async () => {
  localStorage.clear();
  await clear();
});

describe('session', () => {
  it('signIn keeps token and user, persists them, and writes the hint', async () => {
    const s = await load();
    await s.restoreSession();
    s.signIn({ token: 'tok', user: REAL });
    expect(s.$token.value).toBe('tok');
    expect(s.$loggedIn.value).toBe(true);
    expect(s.$isDemo.value).toBe(false);
    expect(localStorage.getItem(s.HINT_KEY)).toBe('real');
    await vi.waitFor(async () => expect(await get(s.SESSION_KEY)).toEqual({ token: 'tok', user: REAL }));
  });

  it('a new page load restores the session from idb', async () => {
    const first = await load();
    first.signIn({ token: 'tok-d', user: DEMO });
    await vi.waitFor(async () => expect(await get(first.SESSION_KEY)).toBeTruthy());
    const second = await load();
    expect(second.$token.value).toBeNull();
    await second.restoreSession();
    expect(second.$token.value).toBe('tok-d');
    expect(second.$isDemo.value).toBe(true);
  });

  it('the hint answers $loggedIn and $isDemo before idb has been read', async () => {
    localStorage.setItem('tw-session', 'demo');
    const s = await load();
    expect(s.$sessionRestored.value).toBe(false);
    expect(s.$loggedIn.value).toBe(true);
    expect(s.$isDemo.value).toBe(true);
    // idb is empty: the stale hint is dropped once the restore has looked
    await s.restoreSession();
    expect(s.$loggedIn.value).toBe(false);
    expect(localStorage.getItem(s.HINT_KEY)).toBeNull();
  });

  it('signOut clears user info everywhere', async () => {
    const s = await load();
    s.signIn({ token: 'tok', user: REAL });
    s.signOut();
    expect(s.$token.value).toBeNull();
    expect(s.$user.value).toBeNull();
    expect(s.$loggedIn.value).toBe(false);
    expect(localStorage.getItem(s.HINT_KEY)).toBeNull();
    await vi.waitFor(async () => expect(await get(s.SESSION_KEY)).toBeUndefined());
  });

  it('a slow restore never overwrites a login that happened meanwhile', async () => {
    const first = await load();
    first.signIn({ token: 'old', user: REAL });
    await vi.waitFor(async () => expect(await get(first.SESSION_KEY)).toBeTruthy());
    const s = await load();
    const restoring = s.restoreSession();
    s.signIn({ token: 'new', user: DEMO });
    await restoring;
    expect(s.$token.value).toBe('new');
  });

  it('requests wait for the restore (sessionReady)', async () => {
    const s = await load();
    let ready = false;
    const p = s.restoreSession();
    void s.sessionReady().then(() => (ready = true));
    expect(ready).toBe(false);
    await p;
    await Promise.resolve();
    expect(ready).toBe(true);
  });

  it('demo_id is random once, then kept (and valid for the server)', async () => {
    const s = await load();
    const id = await s.demoId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await s.demoId()).toBe(id);
    localStorage.clear(); // idb still has it
    const again = await load();
    expect(await again.demoId()).toBe(id);
  });
});
