// A market row binds its quote signals as text: a tick changes the text without re-rendering the row.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, Profiler } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initI18n, i18n } from '../../../../../src/i18n/index.ts';
import type { Instrument } from '../../../../../domain/types.ts';
import { instrument } from '../../../../fixtures/instruments.ts';

// Every render of a row calls quote(code) once, so the spy's call count is the row's render count.
vi.mock('../../../../../src/state/market/quotes.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../../src/state/market/quotes.ts')>();
  return { ...real, quote: vi.fn(real.quote) };
});

const { quote } = await import('../../../../../src/state/market/quotes.ts');
const { MarketRow } = await import('../../../../../src/components/instrument/market-row.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let codeSeq = 0;
function inst(over: Partial<Instrument> = {}): Instrument {
  codeSeq += 1;
  return instrument(`ROW${codeSeq}`, codeSeq, {
    ShowCode: `ROW/${codeSeq}`,
    HasForexMultiple: [{ Value: 10 }],
    ForexQuotations: { Open: '1.08', Close: '1.0832', Change: '0.3', High: '1.09', Low: '1.07', Time: 0 },
    ...over,
  });
}

let root: Root | null = null;
let host: HTMLElement;

function render(ui: React.ReactNode): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => root?.render(ui));
  return host;
}

/** An open instrument's row, rendered; answers the instrument and its quote for the test's ticks. */
function openRow(over: Partial<Instrument> = {}): { i: Instrument; q: ReturnType<typeof quote> } {
  const i = inst(over);
  const q = quote(i.Code);
  act(() => {
    q.$open.value = true;
  });
  render(<MarketRow inst={i} onPick={() => undefined} />);
  return { i, q };
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
  vi.mocked(quote).mockClear();
});

beforeAll(async () => {
  await initI18n({ cookies: 'lang=en' });
});

const row = () => host.querySelector<HTMLButtonElement>('.mk-row') as HTMLButtonElement;
const text = (sel: string) => host.querySelector(sel)?.textContent ?? null;
/** The direction attribute on the row and on its price and change boxes. */
const dirs = () => ({
  row: row().dataset.dir,
  price: host.querySelector<HTMLElement>('.mk-price')?.dataset.dir,
  change: host.querySelector<HTMLElement>('.mk-change')?.dataset.dir,
});

describe('MarketRow', () => {
  it('shows the code and the snapshot price at PricePrecision before the first tick', () => {
    const { i } = openRow({ PricePrecision: 5 });
    expect(text('.mk-code')).toBe(i.ShowCode);
    expect(text('.mk-price')).toBe('1.08320');
    expect(text('.mk-change')).toBe('+0.30%');
    expect(dirs()).toEqual({ row: undefined, price: 'up', change: 'up' });
  });

  it('rewrites the price text on a tick without re-rendering the row', () => {
    const { i, q } = openRow({ PricePrecision: 3 });
    const renders = vi.mocked(quote).mock.calls.filter(([c]) => c === i.Code).length;
    const priceNode = host.querySelector('.mk-price');

    act(() => {
      q.$close.value = '1.091';
      q.$change.value = '-0.12%';
      q.$dir.value = 'down';
    });
    expect(text('.mk-price')).toBe('1.091');
    expect(text('.mk-change')).toBe('-0.12%');
    expect(dirs()).toEqual({ row: undefined, price: 'down', change: 'down' });

    act(() => {
      q.$close.value = '1.092';
    });
    expect(text('.mk-price')).toBe('1.092');
    // Same DOM node, and the row component body ran no more times than before the ticks.
    expect(host.querySelector('.mk-price')).toBe(priceNode);
    expect(vi.mocked(quote).mock.calls.filter(([c]) => c === i.Code).length).toBe(renders);
  });

  it('a tick that flips the direction writes data-dir on the price and change boxes only: no row attribute', async () => {
    const i = inst({ PricePrecision: 3 });
    const q = quote(i.Code);
    act(() => {
      q.$open.value = true;
      q.$close.value = '1.090';
      q.$dir.value = 'up';
    });
    render(<MarketRow inst={i} onPick={() => undefined} />);
    const seen: string[] = [];
    const mo = new MutationObserver((records) =>
      records.forEach((r) => seen.push(`${(r.target as Element).className} ${r.attributeName ?? ''}`)),
    );
    mo.observe(row(), { attributes: true, subtree: true });
    act(() => {
      q.$close.value = '1.089';
      q.$dir.value = 'down';
    });
    await Promise.resolve(); // mutation records are delivered in a microtask
    act(() => {
      q.$close.value = '1.088'; // the direction holds: no attribute at all
    });
    await Promise.resolve();
    mo.disconnect();
    expect(seen.sort()).toEqual(['mk-change tw-num data-dir', 'mk-price tw-num data-dir']);
    expect(row().dataset).toMatchObject({ open: 'true' });
    expect(row().dataset.dir).toBeUndefined();
    expect(dirs()).toEqual({ row: undefined, price: 'down', change: 'down' });
  });

  it('runs no React render at all for a tick: the text nodes are written directly', () => {
    const i = inst({ PricePrecision: 3 });
    const q = quote(i.Code);
    act(() => {
      q.$open.value = true;
    });
    const commits: string[] = [];
    render(
      <Profiler id="row" onRender={(_id, phase) => commits.push(phase)}>
        <MarketRow inst={i} onPick={() => undefined} />
      </Profiler>,
    );
    const mounted = commits.length;
    act(() => {
      q.$close.value = '1.101';
      q.$change.value = '+0.50%';
    });
    act(() => {
      q.$close.value = '1.102';
    });
    expect(text('.mk-price')).toBe('1.102');
    expect(text('.mk-change')).toBe('+0.50%');
    expect(commits.length).toBe(mounted); // a signal rendered as a JSX child would commit an update per tick
  });

  it('shows the closed label instead of the change while the market is closed', () => {
    const i = inst();
    const q = quote(i.Code);
    act(() => {
      q.$open.value = false;
      q.$tickAt.value = 1; // the feed has quoted it: its status wins over the snapshot's MarketStatus
    });
    render(<MarketRow inst={i} onPick={() => undefined} />);
    expect(text('.mk-closed')).toBe(i18n.t('market.closed'));
    expect(text('.mk-change')).not.toContain('%');
    expect(row().dataset.open).toBe('false');

    act(() => {
      q.$open.value = true;
    });
    expect(host.querySelector('.mk-closed')).toBeNull();
    expect(text('.mk-change')).toBe('+0.30%');
    expect(row().dataset.open).toBe('true');
  });

  it('uses the snapshot MarketStatus for an instrument the feed has not quoted yet', () => {
    const open = inst({ MarketStatus: 1 });
    render(<MarketRow inst={open} onPick={() => undefined} />);
    expect(row().dataset.open).toBe('true');
    expect(host.querySelector('.mk-closed')).toBeNull();
    act(() => root?.unmount());
    host.remove();

    const closed = inst({ MarketStatus: 0 });
    render(<MarketRow inst={closed} onPick={() => undefined} />);
    expect(row().dataset.open).toBe('false');
    expect(text('.mk-closed')).toBe(i18n.t('market.closed'));
  });

  it('marks a stale price through a data attribute', () => {
    const i = inst();
    const q = quote(i.Code);
    act(() => {
      q.$open.value = true;
      q.$stale.value = false;
    });
    render(<MarketRow inst={i} onPick={() => undefined} />);
    expect(row().dataset.stale).toBe('false');
    act(() => {
      q.$stale.value = true;
    });
    expect(row().dataset.stale).toBe('true');
    expect(text('.mk-stale')).toContain(i18n.t('market.stale'));
  });

  it('reports a tap with its code', () => {
    const i = inst();
    const onPick = vi.fn();
    render(<MarketRow inst={i} onPick={onPick} />);
    act(() => row().click());
    expect(onPick).toHaveBeenCalledWith(i.Code, row()); // the row, to show it pressed (navigateAfterPaint)
  });
});
