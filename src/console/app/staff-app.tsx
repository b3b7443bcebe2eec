// The staff console (/admin/*): its own routes, guard and session inside the one SPA, loaded lazily
// by src/app's router so none of it reaches the candidate's chunks (vite.config.ts names these
// chunks staff-*; the service worker does not precache them).
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { staffMessages } from '../../i18n/staff-messages.ts';
import { PasswordSetPage } from '../features/accounts/password-set-page.tsx';
import { StaffAccountsPage } from '../features/accounts/staff-accounts-page.tsx';
import { AuditPage } from '../features/audit/audit-page.tsx';
import { SettingsPage } from '../features/institution/settings-page.tsx';
import { LicencesPage } from '../features/licences/licences-page.tsx';
import { MembersPage } from '../features/members/members-page.tsx';
import { PrivacyRequestsPage } from '../features/privacy/privacy-requests-page.tsx';
import { ResultsPage } from '../features/results/results-page.tsx';
import { StaffLoginPage } from '../features/login/staff-login-page.tsx';
import { AnnouncementsPage } from '../features/operator/announcements-page.tsx';
import { CertificatesPage } from '../features/operator/certificates-page.tsx';
import { CompaniesPage } from '../features/operator/companies-page.tsx';
import { ExamsPage } from '../features/operator/exams-page.tsx';
import { SecurityPage } from '../features/security/security-page.tsx';
import { AttemptPage } from '../features/review/attempt-page.tsx';
import { ReviewQueuePage } from '../features/review/queue-page.tsx';
import { SessionLivePage } from '../features/sessions/session-live-page.tsx';
import { SessionsPage } from '../features/sessions/sessions-page.tsx';
import { StaffGuard } from './shell/staff-guard.tsx';
import { StaffLayout } from './shell/staff-layout.tsx';
import { useStaffTitle } from '../lib/use-staff-title.ts';
import './staff.css';

// The insights carry the chart library: their own lazy staff chunk, loaded when opened.
const InsightsPage = lazy(async () => ({ default: (await import('../features/insights/insights-page.tsx')).InsightsPage }));
const ItemAnalysisPage = lazy(async () => ({ default: (await import('../features/insights/item-analysis-page.tsx')).ItemAnalysisPage }));

function StaffLoading() {
  return <p role="status">{staffMessages.app.loading}</p>;
}

function StaffNotFound() {
  useStaffTitle(staffMessages.app.notFound);
  return <h1>{staffMessages.app.notFound}</h1>;
}

export function StaffApp() {
  return (
    <Routes>
      <Route path="login" element={<StaffLoginPage />} />
      <Route path="password-set/:code" element={<PasswordSetPage />} />
      <Route element={<StaffGuard />}>
        <Route element={<StaffLayout />}>
          <Route path="settings" element={<SettingsPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="licences" element={<LicencesPage />} />
          <Route path="results" element={<ResultsPage />} />
          <Route path="privacy" element={<PrivacyRequestsPage />} />
          <Route path="reviews" element={<ReviewQueuePage />} />
          <Route path="attempts/:orderId" element={<AttemptPage />} />
          <Route path="staff" element={<StaffAccountsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="companies" element={<CompaniesPage />} />
          <Route path="announcements" element={<AnnouncementsPage />} />
          <Route path="exams" element={<ExamsPage />} />
          <Route path="certificates" element={<CertificatesPage />} />
          <Route path="sessions" element={<SessionsPage />} />
          <Route path="sessions/:id/live" element={<SessionLivePage />} />
          <Route path="insights" element={<Suspense fallback={<StaffLoading />}><InsightsPage /></Suspense>} />
          <Route path="exams/:id/analysis" element={<Suspense fallback={<StaffLoading />}><ItemAnalysisPage /></Suspense>} />
          <Route path="*" element={<StaffNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
