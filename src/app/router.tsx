// The hash router built from the route table: guards on every route, kept-alive routes rendered by the layout,
// unknown paths → /. The router registers itself as the navigator used outside components (API 999 redirect).
import type { ReactElement } from 'react';
import { Navigate, createHashRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { RouteError } from './route-error.tsx';
import { ROUTES, type AppRoute } from './routes.tsx';
import type { NavigationDeps } from './navigation-effects.ts';
import { setNavigator } from './navigator.ts';

function element(route: AppRoute): ReactElement | null {
  // A kept-alive route is drawn by the layout (so it survives leaving); its own slot stays empty.
  return route.keepAlive ? null : <RouteGuard route={route}>{route.element}</RouteGuard>;
}

export function buildRouteObjects(routes: readonly AppRoute[], navigation: NavigationDeps): RouteObject[] {
  return [
    {
      element: <AppLayout routes={routes} navigation={navigation} />,
      errorElement: <RouteError />,
      children: [
        ...routes.map((route) => ({ path: route.path, element: element(route), handle: { route } })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createHashRouter>;

export function createAppRouter(navigation: NavigationDeps, routes: readonly AppRoute[] = ROUTES): AppRouter {
  const router = createHashRouter(buildRouteObjects(routes, navigation));
  setNavigator({
    navigate: (to, opts) => void router.navigate(to, { replace: opts?.replace ?? false }),
    path: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return router;
}
