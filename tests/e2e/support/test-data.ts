// Test data made once per e2e run, before the server starts (tests/e2e/support/prepare-data.ts,
// called by tests/e2e/run-e2e.ts), and handed to the specs as JSON in the file named by
// E2E_DATA_FILE. Licence codes are single-use for the whole run, so every spec file takes its own
// named pool, and every test in it its own fixed index (e.g. `pool.individualCodes[3]`): a failed
// test restarts Playwright's worker, so counters in module state would hand out codes twice.
//
// File format (version 1):
// {
//   "version": 1,
//   "companyId": "<uuid>",                       // the demo company: every member below belongs to it
//   "demo": {                                    // what the demo seed made (also used by `npm start`)
//     "password": "…", "logins": [{ "email", "password", "kind": "individual" | "institution" }],
//     "institutionId": "<uuid>", "individualCodes": ["XXXX-XXXX-XXXX", …5], "institutionCodes": [ …5 ]
//   },
//   "institutions": {
//     "demo":             { "id", "name", "active_camera": true, "identification": {face,voice,new_tab} all on },
//     "noIdentification": { "id", "name", "active_camera": true, "identification": all off }
//   },
//   "accommodated": { "email", "orderId", "factor": 1.5 },  // accessibility pool: individualMembers[0]'s order
//                                                // (individualCodes[0]) with extra time granted by the operator CLI
//   "look": { "email", "orderId", "certified" },  // look pool: institutions.demo.members[0]'s attempt, disqualified; individualMembers[2]'s certified order
//                                                // after face warnings and three page leaves (photos), with an open appeal;
//                                                // plus 40 more members of the demo institution (a long member list)
//   "staff": {                                   // staff console accounts (besides the demo seed's)
//     "operator": { "email", "password" },       // an operator without TOTP yet (must enrol)
//     "otherAdmin": { "email", "password", "institutionId" },  // admin of noIdentification
//     "proctor": { "email", "password", "institutionId" }      // a proctor of the demo institution (review spec)
//   },
//   "pools": {                                   // one per spec file: licences, exam, device-check, proctoring, certificates, a11y, accessibility, privacy, review, accommodations, look
//     "<pool>": {
//       "individualCodes": [10 codes for individual buyers],
//       "individualMembers": [3 × { "email", "password", "fullname" }],   // complete profiles
//       "institutions": {
//         "demo":             { "codes": [5 codes of that institution], "members": [2 members, complete profiles] },
//         "noIdentification": { "codes": [5], "members": [2] }
//       }
//     }
//   }
// }
import { readFileSync } from 'node:fs';

export const POOL_NAMES = ['licences', 'exam', 'device-check', 'proctoring', 'certificates', 'a11y', 'accessibility', 'privacy', 'review', 'accommodations', 'look'] as const;
export type PoolName = (typeof POOL_NAMES)[number];
export const INSTITUTION_KEYS = ['demo', 'noIdentification'] as const;
export type InstitutionKey = (typeof INSTITUTION_KEYS)[number];

export interface E2eMember { email: string; password: string; fullname: string }
export interface E2eFlags { face: boolean; voice: boolean; new_tab: boolean }
export interface E2eInstitution { id: string; name: string; active_camera: boolean; identification: E2eFlags }
export interface E2ePool {
  individualCodes: string[];
  individualMembers: E2eMember[];
  institutions: Record<InstitutionKey, { codes: string[]; members: E2eMember[] }>;
}
export interface E2eData {
  version: 1;
  companyId: string;
  demo: {
    password: string;
    logins: { email: string; password: string; kind: 'individual' | 'institution' }[];
    institutionId: string;
    individualCodes: string[];
    institutionCodes: string[];
  };
  institutions: Record<InstitutionKey, E2eInstitution>;
  pools: Record<PoolName, E2ePool>;
  /** Spare licences, individual and per institution, for a retry whose first try used its own. */
  retryCodes: { individual: string[] } & Record<InstitutionKey, string[]>;
  /** An order made before the run with extra time granted (`npm run admin -- accommodations set`). */
  accommodated: { email: string; orderId: string; factor: number };
  /** The look-check's disqualified attempt with violations, photos and an open appeal (issue 32). */
  look: { email: string; orderId: string; certified: { email: string; orderId: string }; sessionId: string };
  /** Issue 31: an institution with a simulated cohort (three items bad on purpose) and its admin. */
  insights: {
    institutionId: string; admin: { email: string; password: string }; examId: string; cohort: number;
    bad: { section: 'listening' | 'structure' | 'reading'; number: number }[];
  };
  staff: {
    operator: { email: string; password: string };
    otherAdmin: { email: string; password: string; institutionId: string };
    /** A proctor of the demo institution (tests/e2e/specs/review.spec.ts). */
    proctor: { email: string; password: string; institutionId: string };
  };
}

let cached: E2eData | undefined;

/** The run's test data; throws when the spec was not started through tests/e2e/run-e2e.ts. */
export function testData(): E2eData {
  if (cached) return cached;
  const file = process.env.E2E_DATA_FILE;
  if (!file) throw new Error('E2E_DATA_FILE is not set: run the specs through tests/e2e/run-e2e.ts');
  const data = JSON.parse(readFileSync(file, 'utf8')) as E2eData;
  if (data.version !== 1) throw new Error(`unsupported e2e data version ${String(data.version)}`);
  return (cached = data);
}

export function pool(name: PoolName): E2ePool {
  return testData().pools[name];
}
