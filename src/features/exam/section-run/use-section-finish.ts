// After a submission: is the section really closed? Then on to what comes next (spec 4.2-4.4);
// otherwise the section is loaded again. A server message that ends the test is followed.
import { useCallback, useState } from 'react';
import { paths } from '../../../lib/paths.ts';
import { fetchSection } from '../api/exam-api.ts';
import { messageOf } from './server-messages.ts';
import type { FollowServerMessage, SectionRunOptions } from './section-run-state.ts';

export interface SectionFinish extends Pick<SectionRunOptions, 'orderId' | 'section' | 'exit'> {
  /** Where a closed section goes, and whether that path loads afresh. */
  next: { path: string; reload: boolean };
  followServerMessage: FollowServerMessage;
}

export function useSectionFinish({ orderId, section, exit, next, followServerMessage }: SectionFinish) {
  const [finishError, setFinishError] = useState<string | null>(null);
  const { path, reload } = next;
  const finish = useCallback(async () => {
    setFinishError(null);
    try {
      const { detail } = await fetchSection(orderId, section);
      if (detail.exam.is_complete) exit(path, { reload });
      else exit(paths.section(orderId, section), { reload: true });
    } catch (error) {
      if (!followServerMessage(messageOf(error))) setFinishError(messageOf(error));
    }
  }, [exit, followServerMessage, orderId, path, reload, section]);
  return { finish, finishError };
}
