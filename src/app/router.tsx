import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { messages } from '../i18n/messages.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootShell } from './layout/root-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths, routePatterns } from './paths.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

// Everything but login loads lazily so the first page's JavaScript stays small.
const auth = () => import('../features/auth/index.ts');

/** The route tree (exported for tests, which mount it in a memory router). */
export const routes: RouteObject[] = [{
  element: <RootShell />,
  children: [
    {
      element: <GuestOnly />,
      children: [
        { path: paths.login, element: <LoginPage /> },
        { path: paths.registration, lazy: async () => ({ Component: (await auth()).RegistrationPage }) },
        { path: paths.passwordSendEmail, lazy: async () => ({ Component: (await auth()).ForgotPasswordPage }) },
        { path: paths.successSendEmail, lazy: async () => ({ Component: (await auth()).OtpSentPage }) },
        { path: routePatterns.successVerifyEmail, lazy: async () => ({ Component: (await auth()).EmailVerifiedPage }) },
        { path: routePatterns.passwordReset, lazy: async () => ({ Component: (await auth()).PasswordResetPage }) },
        { path: paths.successResetPassword, lazy: async () => ({ Component: (await auth()).ResetSuccessPage }) },
      ],
    },
    // Any visitor: SSO logs a present user out itself; diagnostics is a support page.
    { path: paths.sso, lazy: async () => ({ Component: (await auth()).SsoPage }) },
    {
      path: paths.diagnostics,
      lazy: async () => ({ Component: (await import('../features/diagnostics/components/diagnostics-page.tsx')).DiagnosticsPage }),
    },
    {
      element: <RequireAuth />,
      children: [{
        lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
        children: [
          { path: paths.epot, element: <PlaceholderPage title={messages.menu.epot} /> },
          { path: routePatterns.epotSubpages, element: <PlaceholderPage title={messages.menu.epot} /> },
          { path: paths.reward, element: <PlaceholderPage title={messages.menu.reward} /> },
          { path: routePatterns.tracking, element: <PlaceholderPage title={messages.placeholder.tracking} /> },
          { path: paths.viewer, element: <PlaceholderPage title={messages.placeholder.viewer} /> },
          { path: paths.account, lazy: async () => ({ Component: (await import('../features/account/components/account-page.tsx')).AccountPage }) },
          { path: paths.guide, lazy: async () => ({ Component: (await import('../features/guide/components/guide-page.tsx')).GuidePage }) },
        ],
      }],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
}];

export const router = createBrowserRouter(routes);
