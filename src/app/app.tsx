// The root component: the router inside StrictMode.
import { StrictMode, type ReactElement } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router.tsx';

export function App({ router }: { router: AppRouter }): ReactElement {
  return (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
}
