import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { browserChunkDeps, loadChunk } from '../../components/hooks/chunk-retry.ts';
import { allTexts } from '../../i18n/index.ts';

/**
 * A failed load is retried when the server answers again (chunk-retry.ts): React.lazy keeps a rejection for good. The
 * first screen draws with the bundled first sections of hk; every other screen waits for all the texts.
 */
export function lazyPage(load: () => Promise<ComponentType>, opts: { firstScreen?: boolean } = {}): ReactElement {
  const withTexts = async (): Promise<ComponentType> => {
    const [page] = await Promise.all([load(), opts.firstScreen ? null : allTexts()]);
    return page;
  };
  let loaded: { default: ComponentType } | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = (): Promise<{ default: ComponentType }> =>
    (loading ??= loadChunk(withTexts, browserChunkDeps()).then((page) => (loaded = { default: page })));
  // A settled thenable renders in the same pass with no fallback, as attaching to the prerendered screen needs.
  const Page = lazy(() => (loaded ? settled(loaded) : start()));
  const element = createElement(Page);
  preloads.set(element, async () => void (await start()));
  return element;
}

const preloads = new WeakMap<ReactElement, () => Promise<void>>();

/** React.lazy then resolves synchronously (react's lazyInitializer). */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/** So that its first render does not suspend. */
export function preloadPage(element: ReactElement): Promise<void> {
  return preloads.get(element)?.() ?? Promise.resolve();
}
