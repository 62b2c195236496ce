// The favourites in the app: a visitor's star is kept in IndexedDB and shown under "favourites" in
// the starred order; the order editor's arrows move a favourite (disabled at the ends, announced); signed in, every
// change goes to the account's routes and the server's answer is what stays; a refused change is undone; a visitor's
// stars join the account's list at sign-in. The pure rules (move, the favourites' instruments) beside them.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { get, set } from 'idb-keyval';
import type { Category, Instrument } from '../../../domain/types.ts';
import type { Watchlist } from '../../../domain/watchlist.ts';
import { listed } from '../../fixtures/instruments.ts';
import { installListLayout } from '../../fixtures/list-layout.ts';

vi.mock('../../../src/api/instruments.ts', () => ({
  categories: vi.fn(async (): Promise<Category[]> => [{ Id: 1, NameShowTrans: 'Forex' }]),
}));

let server: number[] = [];
const MAX = 50;
const answer = (): Watchlist => ({ ids: [...server], max: MAX });
const api = {
  readWatchlist: vi.fn(async () => answer()),
  addWatch: vi.fn(async (id: number) => {
    if (!server.includes(id)) server.push(id);
    return answer();
  }),
  removeWatch: vi.fn(async (id: number) => {
    server = server.filter((x) => x !== id);
    return answer();
  }),
  moveWatch: vi.fn(async (id: number, to: number) => {
    server = server.filter((x) => x !== id);
    server.splice(to, 0, id);
    return answer();
  }),
};
vi.mock('../../../src/api/watchlist.ts', () => api);

const { setInstruments } = await import('../../../src/state/market/instruments.ts');
const { initI18n, i18n } = await import('../../../src/i18n/index.ts');
const { MarketPanel } = await import('../../../src/pages/market/market-panel.tsx');
const { loadVirtualizer } = await import('../../../src/components/instrument/lazy-virtualizer.tsx');
const { favouriteItems } = await import('../../../src/pages/market/categories.ts');
const { movedTo } = await import('../../../domain/watchlist.ts');
const { $watchIds, startWatchlist, toggleWatch, VISITOR_WATCHLIST_KEY } =
  await import('../../../src/state/market/watchlist.ts');
const { $token } = await import('../../../src/state/account/session.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LIST: Instrument[] = [listed('EURUSD', 11), listed('XAUUSD', 12), listed('GBPUSD', 13)];
let root: Root | null = null;
let host: HTMLElement | undefined;
let stop: () => void = () => undefined;
let restoreLayout: () => void = () => undefined;
/** Lets the effects' promises (the fake API) settle; IndexedDB's are awaited with vi.waitFor. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

async function render(): Promise<HTMLElement> {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <MemoryRouter>
        <MarketPanel onPick={() => undefined} scrollKey="wl" />
      </MemoryRouter>,
    ),
  );
  return host;
}
const q = <T extends Element>(sel: string): T | null => host?.querySelector<T>(sel) ?? null;
const codes = () => Array.from(host?.querySelectorAll<HTMLElement>('.mk-row') ?? []).map((r) => r.dataset.code);
const chip = (name: string) =>
  Array.from(host?.querySelectorAll<HTMLButtonElement>('.mk-chip') ?? []).find((c) => c.textContent === name);
const star = (id: number) => q<HTMLButtonElement>(`.mk-slot [data-watch="${id}"]`);

beforeAll(async () => {
  // The lists' virtualiser is a chunk the app asks for at start-up (src/boot/attach-first-screen.ts, startDeferred).
  await loadVirtualizer();
  restoreLayout = installListLayout({ width: 360, height: 600 });
  await initI18n({ cookies: 'lang=en' });
});
afterAll(() => restoreLayout());
beforeEach(async () => {
  server = [];
  vi.clearAllMocks();
  await set(VISITOR_WATCHLIST_KEY, []);
  act(() => setInstruments(LIST));
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  stop();
  act(() => {
    $token.value = null;
  });
});

describe('the rules', () => {
  it("moves one id to a place, the others keeping their order; favourites follow the list's order", () => {
    expect(movedTo([1, 2, 3, 4], 4, 0)).toEqual([4, 1, 2, 3]);
    expect(movedTo([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 4, 1]);
    expect(movedTo([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(favouriteItems(LIST, [13, 99, 11]).map((i) => i.Code)).toEqual(['GBPUSD', 'EURUSD']); // 99: delisted
  });
});

describe("a visitor's favourites", () => {
  it('stars rows, keeps them in IndexedDB, shows them under "favourites" in order and reorders with the arrows', async () => {
    await set(VISITOR_WATCHLIST_KEY, [13]);
    stop = startWatchlist();
    await vi.waitFor(() => expect($watchIds.value).toEqual([13])); // read back from IndexedDB
    await render();
    const eur = star(11);
    expect(eur?.getAttribute('aria-pressed')).toBe('false');
    expect(eur?.getAttribute('aria-label')).toBe('Add EURUSD to favourites');
    expect(star(13)?.getAttribute('aria-pressed')).toBe('true');
    await act(async () => star(11)?.click());
    expect(star(11)?.getAttribute('aria-pressed')).toBe('true');
    expect(star(11)?.getAttribute('aria-label')).toBe('Remove EURUSD from favourites');
    await vi.waitFor(async () => expect(await get(VISITOR_WATCHLIST_KEY)).toEqual([13, 11]));
    expect(api.addWatch).not.toHaveBeenCalled();

    await act(async () => chip(i18n.t('watchlist.favourites'))?.click());
    expect(codes()).toEqual(['GBPUSD', 'EURUSD']);

    await act(async () => q<HTMLButtonElement>('[data-action="edit-order"]')?.click());
    const up = (code: string) =>
      q<HTMLButtonElement>(`.wl-item[data-id="${LIST.find((i) => i.Code === code)?.Id}"] [data-dir="up"]`);
    // The order editor is a lazy chunk (src/pages/market/market-panel.tsx): it shows once its import resolves.
    await vi.waitFor(() => expect(up('GBPUSD')).not.toBeNull());
    expect(up('GBPUSD')?.disabled).toBe(true); // first: nowhere up
    await act(async () => up('EURUSD')?.click());
    expect(Array.from(host?.querySelectorAll('.wl-item-code') ?? []).map((e) => e.textContent)).toEqual([
      'EURUSD',
      'GBPUSD',
    ]);
    expect(q('.wl-order + [role="status"]')?.textContent).toBe('EURUSD is now number 1');
    expect(document.activeElement?.getAttribute('data-dir')).toBe('down'); // focus stays on the moved favourite
    await vi.waitFor(async () => expect(await get(VISITOR_WATCHLIST_KEY)).toEqual([11, 13]));

    await act(async () => q<HTMLButtonElement>('[data-action="edit-order"]')?.click());
    expect(codes()).toEqual(['EURUSD', 'GBPUSD']);
    // Unstarred from the favourites' own row.
    await act(async () => star(13)?.click());
    expect(codes()).toEqual(['EURUSD']);
  });

  it('says how to add one when there is none', async () => {
    stop = startWatchlist();
    await render();
    await act(async () => chip(i18n.t('watchlist.favourites'))?.click());
    expect(q('[data-testid="favourites-empty"]')?.textContent).toBe(i18n.t('watchlist.empty'));
  });
});

describe("an account's favourites", () => {
  it("reads the account's list, adds the visitor's stars to it at sign-in, and sends every change", async () => {
    await set(VISITOR_WATCHLIST_KEY, [12]);
    server = [13];
    stop = startWatchlist();
    await settle();
    act(() => {
      $token.value = 'token-1';
    });
    await vi.waitFor(() => expect($watchIds.value).toEqual([13, 12]));
    expect(api.addWatch).toHaveBeenCalledWith(12, { toast: false });
    await vi.waitFor(async () => expect(await get(VISITOR_WATCHLIST_KEY)).toBeUndefined()); // joined the account: forgotten here

    await act(async () => toggleWatch(11));
    expect(api.addWatch).toHaveBeenLastCalledWith(11);
    expect($watchIds.value).toEqual([13, 12, 11]);
    await act(async () => toggleWatch(13));
    expect(api.removeWatch).toHaveBeenCalledWith(13);
    expect($watchIds.value).toEqual([12, 11]);
    expect(server).toEqual([12, 11]);
  });

  it("undoes a change the server refuses by reading the account's list again", async () => {
    server = [11];
    stop = startWatchlist();
    act(() => {
      $token.value = 'token-2';
    });
    await settle();
    await vi.waitFor(() => expect($watchIds.value).toEqual([11]));
    api.addWatch.mockRejectedValueOnce(new Error('full'));
    await act(async () => toggleWatch(12));
    await settle();
    expect(api.readWatchlist).toHaveBeenCalled();
    expect($watchIds.value).toEqual([11]);
  });
});
