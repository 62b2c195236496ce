// The app frame's first commit (src/app/layout/layout.tsx): the extras' chunk is asked for once it has committed, and
// that state lives in a slot of its own, so the layout does not render again. Attaching to the prerendered screen,
// a second render of the layout would hand the route's boundary, not yet attached, new children, and React would then
// attach to the whole route at once instead of in slices (a long task on a weak phone: bench/README.md "Start-up").
import { describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

let layoutRenders = 0;
vi.mock('../../../../../src/components/hooks/use-wide.ts', () => ({
  useWide: () => {
    layoutRenders++; // the layout's own hook: once per render of AppLayout
    return false;
  },
  isWide: () => false,
}));
vi.mock('../../../../../src/app/layout/layout-extras.tsx', () => ({
  LayoutExtras: () => <div data-testid="extras" />,
}));
vi.mock('../../../../../src/app/routing/navigation-effects.ts', () => ({ onNavigate: () => undefined }));

const { AppLayout } = await import('../../../../../src/app/layout/layout.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the app frame after its first commit', () => {
  it('asks for the extras without rendering the layout (and its route) again', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const navigation = {
      startFeed: async () => undefined,
      feedConfig: async () => ({}),
      refreshTradeList: () => undefined,
    };
    await act(async () =>
      root.render(
        <MemoryRouter initialEntries={['/page']}>
          <Routes>
            <Route element={<AppLayout routes={[]} navigation={navigation as never} />}>
              <Route path="/page" element={<p data-testid="page" />} />
            </Route>
          </Routes>
        </MemoryRouter>,
      ),
    );
    await act(async () => vi.dynamicImportSettled());
    expect(host.querySelector('[data-testid="page"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="extras"]')).not.toBeNull(); // asked for after the first commit
    expect(layoutRenders).toBe(1);
    act(() => root.unmount());
    host.remove();
  });
});
