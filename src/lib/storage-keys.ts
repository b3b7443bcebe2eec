// Every local-storage key the SPA uses (spec section 3, "Local storage keys"), in one place so that
// logout can clear them all and no feature invents its own.
export const storageKeys = {
  /** { token, user }: the logged-in member. */
  auth: 'epot.auth',
  /** The institution (lembaga) of the licence being tested; {} for individuals. */
  institution: 'epot.institution',
  /** The licence (order) picked on the test list. */
  licence: 'epot.licence',
  openTabCount: 'epot.count.open-tab',
  faceCount: 'epot.count.face',
  speechCount: 'epot.count.speech',
  useFaceDetection: 'epot.use-face-detection',
  useSpeechDetection: 'epot.use-speech-detection',
  /** Proctoring photo ids of the order being tested, per section (sent in `images`; survive a reload). */
  proctoringPhotos: 'epot.proctoring.photos',
  /** { token, staff }: the signed-in staff member of the /admin console (session storage, not local). */
  staffSession: 'epot.staff.session',
  /** The institution an operator last opened in the staff console (session storage). */
  staffInstitution: 'epot.staff.institution',
  /** Path a guest wanted before being sent to login; followed once after login. */
  redirectPath: 'epot.redirect-path',
  /** sessionStorage: the app loaded this page in full itself, so its heading takes focus (use-route-focus.ts). */
  focusHeading: 'epot.focus-heading',
  /** sessionStorage: ids of the proctors' test-day notices already shown (issue 30). */
  sessionNoticesSeen: 'epot.session-notices.seen',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
