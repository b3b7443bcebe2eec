// The staff console (/admin/*): its own routes, guard and session inside the one SPA, loaded lazily
// by src/app's router so none of it reaches the candidate's chunks (vite.config.ts names these
// chunks staff-*; the service worker does not precache them).
import { Route, Routes } from 'react-router';
import { staffMessages } from '../../i18n/staff-messages.ts';
import { PasswordSetPage } from './accounts/password-set-page.tsx';
import { StaffAccountsPage } from './accounts/staff-accounts-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { SettingsPage } from './institution/settings-page.tsx';
import { LicencesPage } from './licences/licences-page.tsx';
import { MembersPage } from './members/members-page.tsx';
import { PrivacyRequestsPage } from './privacy/privacy-requests-page.tsx';
import { ResultsPage } from './results/results-page.tsx';
import { StaffLoginPage } from './login/staff-login-page.tsx';
import { AnnouncementsPage } from './operator/announcements-page.tsx';
import { CertificatesPage } from './operator/certificates-page.tsx';
import { CompaniesPage } from './operator/companies-page.tsx';
import { ExamsPage } from './operator/exams-page.tsx';
import { SecurityPage } from './security/security-page.tsx';
import { AttemptPage } from './review/attempt-page.tsx';
import { ReviewQueuePage } from './review/queue-page.tsx';
import { StaffGuard } from './shell/staff-guard.tsx';
import { StaffLayout } from './shell/staff-layout.tsx';
import { useStaffTitle } from './shell/use-staff-title.ts';
import './staff.css';

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
          <Route path="*" element={<StaffNotFound />} />
        </Route>
      </Route>
    </Routes>
  );
}
