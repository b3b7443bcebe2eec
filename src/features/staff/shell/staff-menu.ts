// Which screens each role has (the server enforces the same rules; the menu only hides what would
// answer 403). Operators without two-factor login see only the security page until they enrol.
import type { StaffRole } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { staffReviewMessages } from '../../../i18n/staff-review-messages.ts';
import { staffPaths, type StaffPage } from '../staff-paths.ts';

export interface StaffMenuItem { page: StaffPage; href: string; label: string }

const PAGES_BY_ROLE: Record<StaffRole, StaffPage[]> = {
  operator: ['settings', 'members', 'licences', 'results', 'reviews', 'companies', 'announcements', 'exams', 'certificates', 'privacy', 'audit', 'security'],
  'institution-admin': ['settings', 'members', 'licences', 'results', 'reviews', 'privacy', 'audit', 'security'],
  proctor: ['settings', 'results', 'reviews', 'audit', 'security'],
};

export function staffMenu(role: StaffRole, totpEnrolmentPending: boolean): StaffMenuItem[] {
  const pages = totpEnrolmentPending ? (['security'] as StaffPage[]) : PAGES_BY_ROLE[role];
  return pages.map((page) => ({ page, href: staffPaths[page], label: page === 'reviews' ? staffReviewMessages.menu : staffMessages.menu[page] }));
}

export function mayOpen(role: StaffRole, totpEnrolmentPending: boolean, page: StaffPage): boolean {
  return staffMenu(role, totpEnrolmentPending).some((i) => i.page === page);
}
