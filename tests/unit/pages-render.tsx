// Test helper: renders routes in happy-dom with react-dom/client and a memory router; act() around everything.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type MemoryRouter = ReturnType<typeof createMemoryRouter>;

export interface Rendered {
  container: HTMLElement;
  router: MemoryRouter;
  unmount(): Promise<void>;
}

/** Let promises, lazy chunks and effects settle. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

export async function renderRoutes(routes: RouteObject[], initial: string): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const router = createMemoryRouter(routes, { initialEntries: [initial] });
  let root: Root | null = null;
  await act(async () => {
    root = createRoot(container);
    root.render(<RouterProvider router={router} />);
  });
  await settle();
  return {
    container,
    router,
    async unmount() {
      await act(async () => root?.unmount());
      container.remove();
    },
  };
}

export async function click(el: Element | null): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => {
    (el as HTMLElement).click();
  });
  await settle();
}

/** Type into a controlled input the way React notices (native value setter + input event). */
export async function typeInto(input: Element | null, value: string): Promise<void> {
  if (!(input instanceof HTMLInputElement)) throw new Error('not an input');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function submit(form: Element | null): Promise<void> {
  if (!(form instanceof HTMLFormElement)) throw new Error('not a form');
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

export function text(el: Element | null): string {
  return el?.textContent ?? '';
}
