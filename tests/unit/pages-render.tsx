// Test helper: renders routes in happy-dom with react-dom/client and a MemoryRouter; act() around everything; and
// unmounts what a test left rendered.
import { act, isValidElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The views rendered and not unmounted yet, for unmountRendered. */
const mounted = new Set<Rendered>();

export interface Rendered {
  container: HTMLElement;
  /** The router's current location. */
  location(): Location;
  /** Navigate as a link would (wrap in act() and settle() afterwards). */
  navigate(to: string): void;
  unmount(): Promise<void>;
}

interface Probe {
  location: Location | null;
  navigate: NavigateFunction | null;
}

/** Reads the router from inside it, so a test can look at the location and navigate. */
function RouterProbe({ probe }: { probe: Probe }): null {
  probe.location = useLocation();
  probe.navigate = useNavigate();
  return null;
}

function RouteList({ routes }: { routes: RouteObject[] }): ReactElement | null {
  return useRoutes(routes);
}

/** Let promises, lazy chunks and effects settle. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

/** Renders a route list, or an element holding its own <Routes> (e.g. AppRoutes), at `initial`. */
export async function renderRoutes(routes: RouteObject[] | ReactElement, initial: string): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const probe: Probe = { location: null, navigate: null };
  let root: Root | null = null;
  await act(async () => {
    root = createRoot(container);
    root.render(
      // Navigations are plain updates, as the app's HashRouter makes them (src/app/app.tsx).
      <MemoryRouter initialEntries={[initial]} useTransitions={false}>
        <RouterProbe probe={probe} />
        {isValidElement(routes) ? routes : <RouteList routes={routes} />}
      </MemoryRouter>,
    );
  });
  await settle();
  const rendered: Rendered = {
    container,
    location() {
      if (!probe.location) throw new Error('the router has not rendered');
      return probe.location;
    },
    navigate(to) {
      if (!probe.navigate) throw new Error('the router has not rendered');
      void probe.navigate(to);
    },
    async unmount() {
      if (!mounted.delete(rendered)) return;
      await act(async () => root?.unmount());
      container.remove();
    },
  };
  mounted.add(rendered);
  return rendered;
}

/** Unmounts every view still rendered (for afterEach: no screen outlives its test). */
export async function unmountRendered(): Promise<void> {
  for (const view of [...mounted]) await view.unmount();
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
