import { useEffect, useLayoutEffect, useRef, type ReactElement, Component, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { AppLayout } from '../layout/layout.tsx';
import { RouteGuard } from './route-guard.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { ICON_REFRESH } from '../../components/icons/first-icons.ts';
import { LazyDeskLayout } from './lazy-desk.tsx';
import { DeskSlot } from '../../components/hooks/desk-slot.ts';
import { ROUTES, type AppRoute } from '../routes.tsx';
import type { NavigationDeps } from './navigation-effects.ts';
import { setNavigator } from '../../state/shell/navigator.ts';

// A chunk may fail to load after a deploy while offline; the boundary clears on the next navigation.
export function RouteError(): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="page">
      <EmptyState textKey="common.page_error" icon={ICON_REFRESH}>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </EmptyState>
    </div>
  );
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

function element(route: AppRoute): ReactElement | null {
  // Kept-alive routes are drawn by the layout; React may reuse one guard here, so it judges each visit afresh.
  return route.keepAlive ? null : <RouteGuard route={route}>{route.element}</RouteGuard>;
}

interface AppRoutesProps {
  navigation: NavigationDeps;
  routes?: readonly AppRoute[];
}

export function AppRoutes({ navigation, routes = ROUTES }: AppRoutesProps): ReactElement {
  return (
    // The layout included, until the location changes.
    <Boundary resetKey={useLocation().key}>
      {/* `/` and `/trade` draw the desk at ≥ 1280 px: handed down, so no page imports app/ or wide/. */}
      <DeskSlot.Provider value={LazyDeskLayout}>
        <RouteTable routes={routes} navigation={navigation} />
      </DeskSlot.Provider>
    </Boundary>
  );
}

/** useRoutes rather than <Routes>, without the JSX-reading code (bench/README.md "The first screen's bytes"). */
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

/** The navigator outside components (API 999, row taps); HashRouter, which may listen late, hears the address again. */
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
  // The event HashRouter may have missed, as the browser sends it: an address that did not move changes nothing, and
  // no other router listens to it.
  useEffect(() => void dispatchEvent(new PopStateEvent('popstate')), []);
  return null;
}
