// The app frame; the per-navigation work (trade list refresh, feed start) and scroll handling run here.
import type { ReactElement, ReactNode } from 'react';
import { startTransition, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, Activity } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSignals } from '@preact/signals-react/runtime';
import { TABS, TabLink, activeTab } from '../../components/nav/tabs.tsx';
import { $conn, $dataAsOf } from '../../state/feed/feed-signals.ts';
import { Icon } from '../../components/icons/icons.tsx';
import '../../components/nav/tab-bar.css';
import { lazyChunk } from '../../components/hooks/chunk-retry.ts';
import { $loggedIn } from '../../state/account/session.ts';
import { PageFallback } from '../routing/page-fallback.tsx';
import { RouteGuard } from '../routing/route-guard.tsx';
import { useWide } from '../../components/hooks/use-wide.ts';
import { AttachEnd } from '../../boot/attach.ts';
import { DrawnEnd } from './drawn-end.tsx';
import { onNavigate, type NavigationDeps } from '../routing/navigation-effects.ts';
import type { AppRoute } from '../routes.tsx';
import './layout.css';
import { $riskWarning, loadRiskWarning } from '../../state/account/retail.ts';
import { systemClock, type Clock } from '../../state/shell/clock.ts';
import { formatAsOf } from '../../i18n/format.ts';
import './offline-banner.css';
import './risk-warning.css';

// The footer with the five tabs (phones), with the connection dot; on wide screens the tabs move to the top nav.
export function TabBar(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const conn = $conn.value;
  const { pathname, search } = useLocation();
  const active = activeTab(pathname, search);
  return (
    <nav className="tab-bar" aria-label={t('nav.label')}>
      {TABS.map((tab) => (
        <TabLink key={tab.key} to={tab.to} tab={tab.key} current={active === tab.key} className="tab-bar__tab">
          <span className="tab-bar__icon">
            <Icon icon={tab.icon} size={22} />
            {tab.key === 'market' ? (
              // The live connection, discreetly: a dot on the market tab (label for screen readers and on hover).
              <span className="tab-bar__conn" data-conn={conn} title={t(`conn.${conn}`)} data-testid="tab-conn">
                <span className="visually-hidden">{t(`conn.${conn}`)}</span>
              </span>
            ) : null}
          </span>
          <span className="tab-bar__label">{t(`nav.${tab.key}`)}</span>
        </TabLink>
      ))}
    </nav>
  );
}

// <Activity> cleans up a hidden route's effects so its rows stop feeding (docs/worker.md "Quote interest").
export function KeepAlive({ active, children }: { active: boolean; children: ReactNode }): ReactElement {
  useSignals();
  const session = $loggedIn.value;
  // Shown again under another session it is drawn afresh: replayed effects would ask for a signed-out account's data.
  const last = useRef({ active, session, drawing: 0 });
  const stale = active && !last.current.active && last.current.session !== session;
  const drawing = last.current.drawing + (stale ? 1 : 0);
  useLayoutEffect(() => {
    last.current = { active, session: active ? session : last.current.session, drawing };
  });
  return (
    <Activity key={drawing} mode={active ? 'visible' : 'hidden'}>
      <div className="keep-alive" hidden={!active} data-active={active}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </div>
    </Activity>
  );
}

// Lazy and loaded after the first commit (layout-extras.tsx says why); a failed load retries as a route's does.
const DeskNav = lazyChunk(async () => (await import('./desk-nav.tsx')).DeskNav);
const LayoutExtras = lazyChunk(async () => (await import('./layout-extras.tsx')).LayoutExtras);

/** docs/retail-protection.md: the landing, trading and registration. */
const WARNED_PATHS: ReadonlySet<string> = new Set(['/', '/trade', '/register']);

export interface AppLayoutProps {
  routes: readonly AppRoute[];
  navigation: NavigationDeps;
}

export function AppLayout({ routes, navigation }: AppLayoutProps): ReactElement {
  const location = useLocation();
  const wide = useWide();
  // null on an unknown path, which redirects to /; paths are static.
  const current = useMemo(
    () => routes.find((r) => matchPath(r.path, location.pathname) !== null) ?? null,
    [routes, location.pathname],
  );

  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set(current?.keepAlive ? [current.path] : []));
  if (current?.keepAlive && !visited.has(current.path)) setVisited(new Set([...visited, current.path]));

  const scrollMemo = useRef(new Map<string, number>());
  const currentRef = useRef(current);
  currentRef.current = current;
  useEffect(() => {
    const onScroll = (): void => {
      const r = currentRef.current;
      if (r?.keepAlive) scrollMemo.current.set(r.path, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const saved = current?.keepAlive ? (scrollMemo.current.get(current.path) ?? 0) : 0;
    window.scrollTo(0, saved);
  }, [location.pathname, current]);

  useEffect(() => {
    onNavigate(location.pathname, navigation);
  }, [location.key, location.pathname, navigation]);

  // After the first commit so it never delays the first frame; the route then attaches as a transition, in slices.
  const [committed, setCommitted] = useState(false);
  useEffect(() => startTransition(() => setCommitted(true)), []);

  const kept = routes.filter((r) => r.keepAlive && visited.has(r.path));
  const footer = current?.footer === true;
  return (
    <div className="app" data-wide={wide} data-footer={footer && !wide}>
      {wide ? (
        <Suspense fallback={null}>
          <DeskNav />
        </Suspense>
      ) : null}
      <OfflineBanner />
      {/* data-route: the route this tree shows, committed with it (a route still loading keeps the last one). */}
      <main className="app-main" data-route={current?.path}>
        {current && WARNED_PATHS.has(current.path) ? <RiskWarning /> : null}
        {kept.map((r) => (
          <KeepAlive key={r.path} active={current?.path === r.path}>
            <RouteGuard route={r}>{r.element}</RouteGuard>
            <AttachEnd path={r.path} />
            <DrawnEnd shown={current?.path === r.path} />
          </KeepAlive>
        ))}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          {/* A kept-alive route attaches in its own boundary above (its AttachEnd): this one, with nothing in it for
              that route, could otherwise end the attach before React reached the route's HTML. */}
          <AttachEnd path={current?.keepAlive ? undefined : current?.path} />
          <DrawnEnd shown={current != null && current.keepAlive !== true} />
        </Suspense>
      </main>
      {footer && !wide ? <TabBar /> : null}
      {committed ? (
        <Suspense fallback={null}>
          <LayoutExtras />
        </Suspense>
      ) : null}
    </div>
  );
}

// Says the age of the prices on screen; trading stays disabled by the stale quotes.
function OfflineBanner({ clock = systemClock }: { clock?: Clock }): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  if ($conn.value !== 'offline') return null;
  const time = formatAsOf($dataAsOf.value, clock.now());
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {time === '' ? t('conn.offline_banner_empty') : t('conn.offline_banner', { time })}
    </div>
  );
}

// Its box is in the first frame, blank until the figure is in, so the page below does not move when the text comes
// (docs/retail-protection.md "The loss figure").
function RiskWarning(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => {
    loadRiskWarning();
  }, []);
  const w = $riskWarning.value;
  if (!w) return <aside className="risk-warning risk-warning--pending" aria-hidden="true" />;
  if (!w.shown) return null;
  return (
    <aside className="risk-warning" aria-label={t('retail.warning_label')} data-testid="risk-warning">
      <p>{w.percent === null ? t('retail.warning_no_figure') : t('retail.warning', { percent: w.percent })}</p>
    </aside>
  );
}
