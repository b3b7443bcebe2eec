import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths } from './paths.ts';

// Feature screens load lazily so the login route's JavaScript stays small.
export const router = createBrowserRouter([
  { path: paths.login, element: <LoginPage /> },
  {
    path: paths.diagnostics,
    lazy: async () => ({ Component: (await import('../features/diagnostics/components/diagnostics-page.tsx')).DiagnosticsPage }),
  },
  { path: '*', element: <NotFoundPage /> },
]);
