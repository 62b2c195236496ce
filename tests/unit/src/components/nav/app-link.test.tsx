// The app's link (src/components/nav/app-link.tsx) behaves as react-router's <Link> did for the app's uses: an href of
// the route, a plain click navigates in place, a modified click is left to the browser, the caller's onClick runs
// first and may cancel; and the build plugin that lets the bundler drop the rest of react-router only removes
// DevTools names and marks factories pure (scripts/react-router-plugins.ts).
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { AppLink } from '../../../../../src/components/nav/app-link.tsx';
import { markReactRouterPure } from '../../../../../scripts/react-router-plugins.ts';
import { mounted, mountInRouter, unmountMounted } from '../../../router-mount.tsx';

afterEach(unmountMounted);

const screens = (onClick?: (e: React.MouseEvent) => void) => (
  <Routes>
    <Route
      path="/"
      element={
        <AppLink to="/trade" className="go" data-row="x" onClick={onClick}>
          go
        </AppLink>
      }
    />
    <Route path="/trade" element={<p className="arrived">trade</p>} />
  </Routes>
);

function click(init: MouseEventInit = {}): MouseEvent {
  const a = mounted().querySelector('a');
  if (!a) throw new Error('no link');
  const ev = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  act(() => void a.dispatchEvent(ev));
  return ev;
}

describe('AppLink', () => {
  it('renders an <a> with the route href and the given attributes', async () => {
    await mountInRouter(screens());
    const a = mounted().querySelector('a');
    expect(a?.getAttribute('href')).toBe('/trade');
    expect(a?.className).toBe('go');
    expect(a?.dataset['row']).toBe('x');
  });

  it('a plain click navigates without a page load', async () => {
    await mountInRouter(screens());
    const ev = click();
    expect(ev.defaultPrevented).toBe(true);
    expect(mounted().querySelector('.arrived')).not.toBeNull();
  });

  it('a modified click is left to the browser (new tab)', async () => {
    await mountInRouter(screens());
    const ev = click({ ctrlKey: true });
    expect(ev.defaultPrevented).toBe(false);
    expect(mounted().querySelector('.arrived')).toBeNull();
  });

  it('the caller onClick runs first and can cancel the navigation', async () => {
    const onClick = vi.fn((e: React.MouseEvent) => e.preventDefault());
    await mountInRouter(screens(onClick));
    click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(mounted().querySelector('.arrived')).toBeNull();
  });
});

describe('markReactRouterPure', () => {
  it('drops displayName lines and marks forwardRef/createContext/memo pure, nothing else', () => {
    const src = [
      'var LocationContext = React4.createContext(null);',
      'LocationContext.displayName = "Location";',
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'React.useEffect(() => {});',
    ].join('\n');
    expect(markReactRouterPure(src)).toBe(
      [
        'var LocationContext = /* @__PURE__ */ React4.createContext(null);',
        '',
        'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
        'React.useEffect(() => {});',
      ].join('\n'),
    );
  });
});
