// Code-split route elements: each page module becomes its own chunk, loaded on first visit.
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { browserChunkDeps, loadChunk } from '../../components/hooks/chunk-retry.ts';
import { allTexts } from '../../i18n/index.ts';

export interface LazyPageOptions {
  /** The first screen draws with the bundled first sections of hk; every other screen waits for all the texts. */
  firstScreen?: boolean;
}

/**
 * A lazily loaded page with no props: `lazyPage(() => import('../../pages/x/x-page.tsx').then((m) => m.XPage))`.
 * A failed load is retried when the server answers again (chunk-retry.ts): React.lazy keeps a rejection for good.
 */
export function lazyPage(load: () => Promise<ComponentType>, opts: LazyPageOptions = {}): ReactElement {
  const withTexts = async (): Promise<ComponentType> => {
    const [page] = await Promise.all([load(), opts.firstScreen ? null : allTexts()]);
    return page;
  };
  let loaded: { default: ComponentType } | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = (): Promise<{ default: ComponentType }> =>
    (loading ??= loadChunk(withTexts, browserChunkDeps()).then((page) => (loaded = { default: page })));
  // Once preloaded, React gets a thenable that has already settled: the page renders in the same pass, no Suspense
  // fallback — what attaching to the prerendered first screen needs (src/main.tsx, src/boot/prerender.tsx).
  const Page = lazy(() => (loaded ? settled(loaded) : start()));
  const element = createElement(Page);
  preloads.set(element, async () => void (await start()));
  return element;
}

const preloads = new WeakMap<ReactElement, () => Promise<void>>();

/** A thenable that calls back at once: React.lazy then resolves synchronously (react's lazyInitializer). */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/** Loads a lazyPage element's code (and texts) so that its first render does not suspend. */
export function preloadPage(element: ReactElement): Promise<void> {
  return preloads.get(element)?.() ?? Promise.resolve();
}

export interface PlaceholderOptions {
  back?: boolean; // screens with the footer are tab roots: no back button
}

/** A route whose feature comes with a later issue: its title bar and an empty state. */
export function placeholder(titleKey: string, opts: PlaceholderOptions = {}): ReactElement {
  const Page = lazy(async () => {
    const m = await import('../../pages/placeholder/placeholder-page.tsx');
    return { default: m.PlaceholderPage };
  });
  return createElement(Page, { titleKey, back: opts.back ?? true });
}
