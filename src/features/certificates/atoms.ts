import { atom } from 'jotai';

/** The certificate list's page, kept while the member looks at a tracking page and comes back. */
export const rewardPageAtom = atom(1);
