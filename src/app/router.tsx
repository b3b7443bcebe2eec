import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { messages } from '../i18n/messages.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RootShell } from './layout/root-shell.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { paths, routePatterns } from '../lib/paths.ts';
import { PlaceholderPage } from './placeholder-page.tsx';

// Everything but login loads lazily so the first page's JavaScript stays small.
const auth = () => import('../features/auth/index.ts');
const exam = () => import('../features/exam/index.ts');
const deviceCheck = () => import('../features/device-check/index.ts');
const certificates = () => import('../features/certificates/index.ts');
const proctoring = () => import('../features/proctoring/index.ts');
// The staff console: its own session and guard; never in the candidate's chunks (bundle test).
const staff = () => import('../console/staff-console.ts');

/** A section screen with proctoring around it (the two features meet only here and in src/lib). */
async function proctoredSection(section: 'listening' | 'structure' | 'reading', page: 'ListeningPage' | 'StructurePage' | 'ReadingPage') {
  const [e, p] = await Promise.all([exam(), proctoring()]);
  const Page = e[page];
  return { Component: () => <p.ProctoredSection section={section}><Page /></p.ProctoredSection> };
}

function RouteLoading() {
  return <p role="status" className="route-loading">{messages.app.loading}</p>;
}

/** The route tree (exported for tests, which mount it in a memory router). */
export const routes: RouteObject[] = [{
  element: <RootShell />,
  // Shown while the first page's lazy chunk loads (without it React Router warns on every load).
  HydrateFallback: RouteLoading,
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
    // Staff console (/admin/*): its own routes, session and guard; a candidate session plays no part.
    { path: '/admin/*', lazy: async () => ({ Component: (await staff()).StaffApp }) },
    // Public: the certificate's QR code opens it, for anyone, logged in or not.
    { path: routePatterns.verify, lazy: async () => ({ Component: (await certificates()).VerifyPage }) },
    {
      path: paths.diagnostics,
      lazy: async () => ({ Component: (await import('../features/diagnostics/components/diagnostics-page.tsx')).DiagnosticsPage }),
    },
    {
      element: <RequireAuth />,
      children: [{
        lazy: async () => ({ Component: (await import('./layout/app-layout.tsx')).AppLayout }),
        children: [
          { path: paths.epot, lazy: async () => ({ Component: (await import('../features/test-list/components/test-list-page.tsx')).TestListPage }) },
          { path: paths.preparation, lazy: async () => ({ Component: (await import('../features/preparation/components/preparation-page.tsx')).PreparationPage }) },
          { path: paths.specification, lazy: async () => ({ Component: (await import('../features/preparation/components/specification-page.tsx')).SpecificationPage }) },
          { path: routePatterns.listening, lazy: () => proctoredSection('listening', 'ListeningPage') },
          { path: routePatterns.structure, lazy: () => proctoredSection('structure', 'StructurePage') },
          { path: routePatterns.reading, lazy: () => proctoredSection('reading', 'ReadingPage') },
          // A granted break between sections (issue 18): deliberately without proctoring around it.
          { path: routePatterns.breakTime, lazy: async () => ({ Component: (await exam()).BreakPage }) },
          {
            path: paths.end,
            lazy: async () => {
              const [{ EndPage }, { ProctoringReset }] = await Promise.all([exam(), proctoring()]);
              return { Component: () => <><ProctoringReset /><EndPage /></> };
            },
          },
          { path: routePatterns.appeal, lazy: async () => ({ Component: (await import('../features/appeal/index.ts')).AppealPage }) },
          { path: routePatterns.deviceCheck, lazy: async () => ({ Component: (await deviceCheck()).DeviceCheckPage }) },
          { path: routePatterns.headsetCheck, lazy: async () => ({ Component: (await deviceCheck()).HeadsetCheckPage }) },
          { path: routePatterns.webcamCheck, lazy: async () => ({ Component: (await deviceCheck()).WebcamCheckPage }) },
          { path: routePatterns.epotSubpages, element: <PlaceholderPage title={messages.menu.epot} /> },
          { path: paths.reward, lazy: async () => ({ Component: (await certificates()).RewardPage }) },
          { path: routePatterns.tracking, lazy: async () => ({ Component: (await certificates()).TrackingPage }) },
          { path: paths.viewer, lazy: async () => ({ Component: (await certificates()).ViewerPage }) },
          { path: paths.account, lazy: async () => ({ Component: (await import('../features/account/components/account-page.tsx')).AccountPage }) },
          { path: paths.guide, lazy: async () => ({ Component: (await import('../features/guide/components/guide-page.tsx')).GuidePage }) },
        ],
      }],
    },
    { path: '*', element: <NotFoundPage /> },
  ],
}];

export const router = createBrowserRouter(routes);
