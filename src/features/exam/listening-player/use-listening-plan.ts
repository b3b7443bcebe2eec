// Plans the listening timeline in the audio-schedule worker once the section is loaded (the plan
// lands in audioScheduleAtom) and stops it when the screen goes. Returns why planning failed.
import { useEffect, useState } from 'react';
import type { SectionDetail } from '../../../../contracts/exam-delivery.ts';
import { planListening, stopAudioSchedule } from '../../../workers/audio-schedule.ts';
import { toTimeline } from '../listening-model.ts';

export function useListeningPlan(detail: SectionDetail | null): string | null {
  const [planError, setPlanError] = useState<string | null>(null);
  useEffect(() => {
    if (!detail) return;
    setPlanError(null);
    planListening(toTimeline(detail.exam.parts)).catch((error: unknown) => setPlanError(String(error)));
    return () => stopAudioSchedule();
  }, [detail]);
  return planError;
}
