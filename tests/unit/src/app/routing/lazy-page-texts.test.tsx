// lazyPage: every screen but the first waits for the whole default-language file (allTexts) before it draws, so no
// screen ever shows a raw key; the first screen draws with the bundled first sections alone.
import { Suspense, act, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

let releaseTexts: () => void = () => undefined;
vi.mock('../../../../../src/i18n/index.ts', () => ({
  allTexts: () => new Promise<void>((resolve) => (releaseTexts = resolve)),
}));
const { lazyPage } = await import('../../../../../src/app/routing/lazy-page.tsx');

function Page(): ReactElement {
  return <p data-testid="page">{'page'}</p>;
}

let host: HTMLDivElement | null = null;
async function mount(element: ReactElement): Promise<HTMLDivElement> {
  host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  await act(async () => root.render(<Suspense fallback={<p data-testid="wait">{'wait'}</p>}>{element}</Suspense>));
  return host;
}

afterEach(() => {
  host?.remove();
  host = null;
});

describe('lazyPage and the texts', () => {
  it('a screen waits for all texts even when its chunk is in', async () => {
    const el = await mount(lazyPage(() => Promise.resolve(Page)));
    await act(async () => Promise.resolve());
    expect(el.querySelector('[data-testid=page]')).toBeNull();
    expect(el.querySelector('[data-testid=wait]')).not.toBeNull();
    await act(async () => releaseTexts());
    expect(el.querySelector('[data-testid=page]')).not.toBeNull();
  });

  it('the first screen draws without waiting for them', async () => {
    const el = await mount(lazyPage(() => Promise.resolve(Page), { firstScreen: true }));
    await act(async () => Promise.resolve());
    expect(el.querySelector('[data-testid=page]')).not.toBeNull();
  });
});
