// Which screens each role has (the server enforces the same rules; the menu only hides what would
// answer 403). Staff who must enrol two-factor login (operators; an institution's staff when it
// requires it) see only the security page until they have.
import type { StaffRole } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { staffInsightsMessages } from '../../../i18n/staff-insights-messages.ts';
import { staffPaths, type StaffPage } from '../../lib/staff-paths.ts';

export interface StaffMenuItem { page: StaffPage; href: string; label: string }

const PAGES_BY_ROLE: Record<StaffRole, StaffPage[]> = {
  operator: ['settings', 'members', 'licences', 'sessions', 'results', 'insights', 'reviews', 'staff', 'companies', 'announcements', 'exams', 'certificates', 'privacy', 'audit', 'security'],
  'institution-admin': ['settings', 'members', 'licences', 'sessions', 'results', 'insights', 'reviews', 'staff', 'privacy', 'audit', 'security'],
  proctor: ['settings', 'sessions', 'results', 'insights', 'reviews', 'audit', 'security'],
};

const MENU_LABELS: Record<StaffPage, string> = { ...staffMessages.menu, reviews: staffReviewMessages.menu, sessions: staffSessionMessages.menu, insights: staffInsightsMessages.menu };

export function staffMenu(role: StaffRole, totpEnrolmentPending: boolean): StaffMenuItem[] {
  const pages = totpEnrolmentPending ? (['security'] as StaffPage[]) : PAGES_BY_ROLE[role];
  return pages.map((page) => ({ page, href: staffPaths[page], label: MENU_LABELS[page] }));
}

export function mayOpen(role: StaffRole, totpEnrolmentPending: boolean, page: StaffPage): boolean {
  return staffMenu(role, totpEnrolmentPending).some((i) => i.page === page);
}
