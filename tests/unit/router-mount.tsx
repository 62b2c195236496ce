// Test helper for a component tested on its own inside a MemoryRouter (the market panel, the product searches):
// mounts it in a fresh element, reads that element, types into its search box, and unmounts it after the test.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let host: HTMLElement | undefined;

/** Renders `node` inside a MemoryRouter into a new element of the page. */
export async function mountInRouter(node: ReactNode): Promise<void> {
  host = document.createElement('div');
  document.body.append(host);
  const created = createRoot(host);
  root = created;
  await act(async () => created.render(<MemoryRouter>{node}</MemoryRouter>));
}

/** The element the component is mounted in. */
export function mounted(): HTMLElement {
  if (!host) throw new Error('nothing rendered');
  return host;
}

/** For afterEach: unmounts the component and removes its element. */
export function unmountMounted(): void {
  act(() => root?.unmount());
  root = null;
  host?.remove();
  host = undefined;
}

/** Types `value` into the mounted search box the way React notices (native value setter + input event). */
export async function typeInSearch(value: string): Promise<void> {
  const input = mounted().querySelector<HTMLInputElement>('input[type="search"]');
  if (!input) throw new Error('no search box');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
