// The test is over (the end page): its counters and photo ids are forgotten (spec 4.4: on success the
// counters reset; 4.6 the same after a disqualification).
import { useStore } from 'jotai';
import { RESET } from 'jotai/utils';
import { useEffect } from 'react';
import { sectionPhotoIdsAtom } from '../../../lib/proctoring-seams.ts';
import { faceCountAtom, openTabCountAtom, speechCountAtom } from '../../../lib/session.ts';
import { photoRecordAtom } from '../atoms.ts';

export function ProctoringReset() {
  const store = useStore();
  useEffect(() => {
    for (const a of [openTabCountAtom, faceCountAtom, speechCountAtom]) store.set(a, RESET);
    store.set(photoRecordAtom, RESET);
    store.set(sectionPhotoIdsAtom, {});
  }, [store]);
  return null;
}
