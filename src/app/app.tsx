import { StrictMode, type ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes, NavigatorBridge } from './routing/router.tsx';
import type { NavigationDeps } from './routing/navigation-effects.ts';

export function App({ navigation }: { navigation: NavigationDeps }): ReactElement {
  return (
    <StrictMode>
      {/* Navigations are plain updates, not transitions: in a transition React keeps the old screen until the new one
          has rendered whole, and on a busy phone that render could be put off again and again (a login that led to
          "/" still showed the form 30 s later, at load 15; the login flow of
          tests/e2e/screens-every-language.test.ts). A page whose code is still loading shows its skeleton instead. */}
      <HashRouter useTransitions={false}>
        <NavigatorBridge />
        <AppRoutes navigation={navigation} />
      </HashRouter>
    </StrictMode>
  );
}
