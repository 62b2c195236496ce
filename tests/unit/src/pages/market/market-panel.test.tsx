// The market screen: category chips ("favourites", then "all" first) filter the list; a tap makes the instrument current.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { mounted, mountInRouter, unmountMounted } from '../../../router-mount.tsx';
import type { Category, Instrument } from '../../../../../domain/types.ts';
import { listed } from '../../../../fixtures/instruments.ts';
import { installListLayout } from '../../../../fixtures/list-layout.ts';

vi.mock('../../../../../src/api/instruments.ts', () => ({
  categories: vi.fn(async (): Promise<Category[]> => [
    { Id: 1, NameShowTrans: 'Forex' },
    { Id: 2, NameShowTrans: 'Metals' },
  ]),
}));

const { categories } = await import('../../../../../src/api/instruments.ts');
const { setInstruments } = await import('../../../../../src/state/market/instruments.ts');
const { initI18n, i18n, setLanguage } = await import('../../../../../src/i18n/index.ts');
const { MarketPanel } = await import('../../../../../src/pages/market/market-panel.tsx');
const { filterByCategory, ALL_CATEGORIES, $categories } = await import('../../../../../src/pages/market/categories.ts');
const { loadVirtualizer } = await import('../../../../../src/components/instrument/lazy-virtualizer.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const inst = (code: string, categoryId: number): Instrument =>
  listed(code, code.length * 100 + categoryId, { CategoryId: categoryId });

const LIST = [inst('EURUSD', 1), inst('XAUUSD', 2), inst('GBPUSD', 1), inst('XAGUSD', 2)];

const render = (onPick: (code: string) => void): Promise<void> =>
  mountInRouter(<MarketPanel onPick={onPick} scrollKey="test" />);
const view = mounted;
const codes = () => Array.from(view().querySelectorAll<HTMLElement>('.mk-row')).map((r) => r.dataset.code);
const chips = () => Array.from(view().querySelectorAll<HTMLButtonElement>('.mk-chip'));

let restoreLayout: () => void = () => undefined;

beforeAll(async () => {
  // The lists' virtualiser is a chunk the app asks for at start-up (src/boot/attach-first-screen.ts, startDeferred).
  await loadVirtualizer();
  restoreLayout = installListLayout({ width: 360, height: 600 });
  await initI18n({ cookies: 'lang=en' });
});

afterAll(() => restoreLayout());

afterEach(() => {
  unmountMounted();
});

describe('filterByCategory', () => {
  it('keeps the server order and returns everything for "all"', () => {
    expect(filterByCategory(LIST, 2).map((i) => i.Code)).toEqual(['XAUUSD', 'XAGUSD']);
    expect(filterByCategory(LIST, ALL_CATEGORIES).map((i) => i.Code)).toEqual(LIST.map((i) => i.Code));
    expect(filterByCategory(LIST, 99)).toEqual([]);
  });
});

describe('MarketPanel', () => {
  it('puts "favourites" and "all" first, shows "all", and filters the rows by the chosen category', async () => {
    act(() => setInstruments(LIST));
    await render(() => undefined);
    expect(chips().map((c) => c.textContent)).toEqual([
      i18n.t('watchlist.favourites'),
      i18n.t('market.all'),
      'Forex',
      'Metals',
    ]);
    expect(chips()[1]?.getAttribute('aria-selected')).toBe('true');
    expect(codes()).toEqual(['EURUSD', 'XAUUSD', 'GBPUSD', 'XAGUSD']);

    await act(async () => chips()[3]?.click());
    expect(codes()).toEqual(['XAUUSD', 'XAGUSD']);
    expect(chips()[3]?.getAttribute('aria-selected')).toBe('true');

    await act(async () => chips()[2]?.click());
    expect(codes()).toEqual(['EURUSD', 'GBPUSD']);

    await act(async () => chips()[1]?.click());
    expect(codes()).toHaveLength(4);
  });

  it('draws the chip bar before getCategories answers, so the list does not move down under a tap', async () => {
    $categories.value = [];
    let answer: (list: Category[]) => void = () => undefined;
    vi.mocked(categories).mockImplementationOnce(() => new Promise<Category[]>((resolve) => (answer = resolve)));
    act(() => setInstruments(LIST));
    await render(() => undefined);
    expect(chips().map((c) => c.textContent)).toEqual([i18n.t('watchlist.favourites'), i18n.t('market.all')]);
    const bar = view().querySelector('.mk-chips');
    await act(async () => answer([{ Id: 1, NameShowTrans: 'Forex' }]));
    expect(view().querySelector('.mk-chips')).toBe(bar); // the same bar, one chip more: nothing above the list moved
    expect(chips().map((c) => c.textContent)).toEqual([i18n.t('watchlist.favourites'), i18n.t('market.all'), 'Forex']);
  });

  // English → Arabic without a reload left the chips reading "Forex", "Metals".
  it('asks for the category names again when the language changes, and shows them in the new language', async () => {
    const names: Record<string, Category[]> = {
      en: [
        { Id: 1, NameShowTrans: 'Forex' },
        { Id: 2, NameShowTrans: 'Metals' },
      ],
      ar: [
        { Id: 1, NameShowTrans: 'العملات' },
        { Id: 2, NameShowTrans: 'المعادن' },
      ],
    };
    const { $lang } = await import('../../../../../src/i18n/lang-signal.ts');
    vi.mocked(categories).mockImplementation(async () => names[$lang.peek()] ?? []);
    $categories.value = [];
    try {
      act(() => setInstruments(LIST));
      await render(() => undefined);
      expect(
        chips()
          .slice(2)
          .map((c) => c.textContent),
      ).toEqual(['Forex', 'Metals']);
      await act(async () => setLanguage('ar'));
      await act(async () => undefined);
      expect(
        chips()
          .slice(2)
          .map((c) => c.textContent),
      ).toEqual(['العملات', 'المعادن']);
      expect(chips()[1]?.textContent).toBe(i18n.t('market.all'));
    } finally {
      await act(async () => setLanguage('en'));
      vi.mocked(categories).mockReset();
      vi.mocked(categories).mockImplementation(async () => names.en ?? []);
    }
  });

  it('renders only the visible part of a long list (virtualised)', async () => {
    const many = Array.from({ length: 2000 }, (_, k) => inst(`I${k}`, 1));
    act(() => setInstruments(many));
    await render(() => undefined);
    const shown = codes().length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    // The scroller's content is the full list's height, so the scrollbar is true to the list.
    const content = view().querySelector<HTMLElement>('.mk-scroll > div');
    expect(content?.style.height).toBe(`${2000 * 68}px`);
  });

  it('reports the tapped row and links the search icon to /product', async () => {
    act(() => setInstruments(LIST));
    const onPick = vi.fn();
    await render(onPick);
    const row = view().querySelector<HTMLButtonElement>('.mk-row[data-code="XAUUSD"]');
    await act(async () => row?.click());
    expect(onPick).toHaveBeenCalledWith('XAUUSD', row);
    expect(view().querySelector('[data-testid="market-search"]')?.getAttribute('href')).toBe('/product');
    expect(view().querySelector('[data-testid="language-button"]')?.getAttribute('href')).toBe('/language');
  });
});
