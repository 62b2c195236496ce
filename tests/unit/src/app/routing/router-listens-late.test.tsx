// HashRouter listens to the address from a layout effect of its first commit; the first screen attaches in a
// transition, so a tap on a link before that commit moved the address with no one listening, and the screen stayed
// where it was for good. NavigatorBridge (src/app/routing/router.tsx) sends the event it missed once it listens.
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { HashRouter, useLocation } from 'react-router-dom';
import { afterEach, expect, it } from 'vitest';
import { NavigatorBridge } from '../../../../../src/app/routing/router.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let moveTo: string | null = null;
/** Moves the address while the tree renders, before the router listens, and with no event, as a move it missed. */
function MovesFirst(): null {
  if (moveTo !== null) history.replaceState(null, '', moveTo);
  moveTo = null;
  return null;
}
const seen: object[] = [];
function Shown(): ReactElement {
  const location = useLocation();
  seen.push(location);
  return <span>{`${location.pathname}${location.search}`}</span>;
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  history.replaceState(null, '', '#/');
});

async function draw(to: string | null): Promise<string> {
  history.replaceState(null, '', '#/');
  moveTo = to;
  seen.length = 0;
  const host = document.createElement('div');
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <HashRouter useTransitions={false}>
        <NavigatorBridge />
        <MovesFirst />
        <Shown />
      </HashRouter>,
    ),
  );
  return host.textContent ?? '';
}

it('draws the route the address moved to before the router listened', async () => {
  expect(await draw('#/login?from=%2Forder')).toBe('/login?from=%2Forder');
});

it('leaves a first screen the address did not move from as it is: no new entry, no new location', async () => {
  const before = history.length;
  expect(await draw(null)).toBe('/');
  expect(history.length).toBe(before);
  expect(new Set(seen).size).toBe(1);
});
