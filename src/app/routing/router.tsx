// The routes from the route table, for the declarative hash router (HashRouter in app.tsx, MemoryRouter in tests):
// guards on every route, kept-alive routes rendered by the layout, unknown paths → /, one error boundary around all.
import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { AppLayout } from '../layout/layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { LazyDeskLayout } from './lazy-desk.tsx';
import { DeskSlot } from '../../components/hooks/desk-slot.ts';
import { ROUTES, type AppRoute } from '../routes.tsx';
import type { NavigationDeps } from './navigation-effects.ts';
import { setNavigator } from '../../state/shell/navigator.ts';

function element(route: AppRoute): ReactElement | null {
  // A kept-alive route is drawn by the layout (so it survives leaving); its own slot stays empty. React may keep one
  // guard across the routes shown in this slot: the guard judges each visit afresh (route-guard.tsx).
  return route.keepAlive ? null : <RouteGuard route={route}>{route.element}</RouteGuard>;
}

export interface AppRoutesProps {
  navigation: NavigationDeps;
  routes?: readonly AppRoute[];
}

export function AppRoutes({ navigation, routes = ROUTES }: AppRoutesProps): ReactElement {
  return (
    <RouteErrorBoundary>
      {/* `/` and `/trade` draw the desk at ≥ 1280 px: handed down, so no page imports app/ or wide/. */}
      <DeskSlot.Provider value={LazyDeskLayout}>
        <RouteTable routes={routes} navigation={navigation} />
      </DeskSlot.Provider>
    </RouteErrorBoundary>
  );
}

/**
 * The route table as react-router's route objects (useRoutes): the same tree <Routes>/<Route> would build, without the
 * code that reads it from JSX children (bench/README.md "The first screen's bytes").
 */
function RouteTable({ navigation, routes }: Required<AppRoutesProps>): ReactElement | null {
  return useRoutes([
    {
      element: <AppLayout routes={routes} navigation={navigation} />,
      children: [
        ...routes.map((route) => ({ path: route.path, element: element(route) })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ]);
}

/** Registers the router as the navigator used outside components (API 999 redirect, market row taps). */
export function NavigatorBridge(): null {
  const navigate = useNavigate();
  const location = useLocation();
  // navigate changes identity on every navigation; the registered navigator always uses the latest one.
  const latest = useRef({ navigate, location });
  latest.current = { navigate, location };
  useLayoutEffect(() => {
    setNavigator({
      navigate: (to, opts) => void latest.current.navigate(to, { replace: opts?.replace ?? false }),
      path: () => `${latest.current.location.pathname}${latest.current.location.search}`,
    });
    return () => setNavigator(null);
  }, []);
  return null;
}
