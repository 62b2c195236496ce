// The root component: the hash router inside StrictMode, with the navigator for code outside components.
import { StrictMode, type ReactElement } from 'react';
import { HashRouter } from 'react-router-dom';
import { AppRoutes, NavigatorBridge } from './router.tsx';
import type { NavigationDeps } from './navigation-effects.ts';

export function App({ navigation }: { navigation: NavigationDeps }): ReactElement {
  return (
    <StrictMode>
      <HashRouter>
        <NavigatorBridge />
        <AppRoutes navigation={navigation} />
      </HashRouter>
    </StrictMode>
  );
}
