// The app frame attaching to the prerendered screen (src/app/layout/layout.tsx): a kept-alive route (`/`) attaches in
// its own boundary, so the attach ends when that boundary has committed, not when the outlet's boundary beside it,
// with nothing in it for that route, commits first (React attaches to each boundary on its own schedule: the market
// list would then find the attach over and draw its rows afresh). The extras' chunk is asked for after the first
// commit.
import { describe, expect, it, vi } from 'vitest';
import { act, use } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../../../src/app/layout/layout-extras.tsx', () => ({
  LayoutExtras: () => <div data-testid="extras" />,
}));
vi.mock('../../../../../src/app/routing/navigation-effects.ts', () => ({ onNavigate: () => undefined }));

const { AppLayout } = await import('../../../../../src/app/layout/layout.tsx');
const { attachingPrerendered, beginAttach } = await import('../../../../../src/boot/attach.ts');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the app frame attaching to a kept-alive route', () => {
  it("ends the attach when the route's own boundary has committed, and asks for the extras after the first commit", async () => {
    let arrive: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    // The route's code still on its way: its boundary commits later than the outlet's.
    function Market() {
      use(code);
      return <p data-testid="market" />;
    }
    const ended = vi.fn();
    beginAttach('/', ended);
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const navigation = {
      startFeed: async () => undefined,
      feedConfig: async () => ({}),
      refreshTradeList: () => undefined,
    };
    const routes = [{ path: '/', element: <Market />, keepAlive: true }];
    await act(async () =>
      root.render(
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<AppLayout routes={routes} navigation={navigation as never} />}>
              <Route path="/" element={null} />
            </Route>
          </Routes>
        </MemoryRouter>,
      ),
    );
    await act(async () => vi.dynamicImportSettled());
    expect(host.querySelector('[data-testid="extras"]')).not.toBeNull();
    expect(host.querySelector('[data-testid="market"]')).toBeNull();
    expect(ended).not.toHaveBeenCalled();
    expect(attachingPrerendered()).toBe(true);
    await act(async () => arrive());
    expect(host.querySelector('[data-testid="market"]')).not.toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(attachingPrerendered()).toBe(false);
    act(() => root.unmount());
    host.remove();
  });
});
