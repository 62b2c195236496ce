import { StrictMode, type ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes, NavigatorBridge } from './routing/router.tsx';
import type { NavigationDeps } from './routing/navigation-effects.ts';

export function App({ navigation }: { navigation: NavigationDeps }): ReactElement {
  return (
    <StrictMode>
      {/* Plain updates, not transitions: a transition keeps the old screen until the new one renders whole, which a
          busy phone can put off again and again; a page still loading shows its skeleton instead. */}
      <HashRouter useTransitions={false}>
        <NavigatorBridge />
        <AppRoutes navigation={navigation} />
      </HashRouter>
    </StrictMode>
  );
}
