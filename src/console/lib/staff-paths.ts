// The console's routes, all under /admin (src/app's router hands /admin/* to this feature).
import { STAFF_PASSWORD_SET_PAGE } from '../../../contracts/facts/index.ts';

export const STAFF_BASE = '/admin';

export const staffPaths = {
  home: STAFF_BASE,
  login: `${STAFF_BASE}/login`,
  settings: `${STAFF_BASE}/settings`,
  members: `${STAFF_BASE}/members`,
  licences: `${STAFF_BASE}/licences`,
  results: `${STAFF_BASE}/results`,
  reviews: `${STAFF_BASE}/reviews`,
  staff: `${STAFF_BASE}/staff`,
  audit: `${STAFF_BASE}/audit`,
  privacy: `${STAFF_BASE}/privacy`,
  security: `${STAFF_BASE}/security`,
  // Operator only.
  companies: `${STAFF_BASE}/companies`,
  announcements: `${STAFF_BASE}/announcements`,
  exams: `${STAFF_BASE}/exams`,
  certificates: `${STAFF_BASE}/certificates`,
  // Test-day sessions (issue 30).
  sessions: `${STAFF_BASE}/sessions`,
  // Insights (issue 31).
  insights: `${STAFF_BASE}/insights`,
  // No session: the one-time link's page (STAFF_PASSWORD_SET_PAGE/:code).
  passwordSet: STAFF_PASSWORD_SET_PAGE,
} as const;

/** Console paths outside the guard (no menu entry). */
export const PUBLIC_STAFF_PAGES = ['home', 'login', 'passwordSet'] as const;
export type StaffPage = Exclude<keyof typeof staffPaths, (typeof PUBLIC_STAFF_PAGES)[number]>;

/** An exam version's item analysis (operator; under the exams page). */
export const examAnalysisPath = (id: string) => `${STAFF_BASE}/exams/${encodeURIComponent(id)}/analysis`;

/** A session's live view. */
export const sessionLivePath = (id: string) => `${STAFF_BASE}/sessions/${encodeURIComponent(id)}/live`;

/** One attempt's review (the queue links here). */
export const attemptPath = (orderId: string) => `${STAFF_BASE}/attempts/${encodeURIComponent(orderId)}`;
