// The section timer (spec 2.2-2.4) and what a screen reader hears of it: nothing each second (the
// timer role is not live), the time at 10, 5 and 1 minutes left, and on demand with the 'read the
// time' button or Alt+T from anywhere on the screen. A granted extra time is named under the clock.
// A break between sections (issue 18) uses it without the announcements: silent unless asked.
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { TimeAccommodation } from '../../../../contracts/facts/index.ts';
import { hasExtraTime } from '../../../../contracts/facts/index.ts';
import { messages } from '../../../i18n/messages.ts';
import { formatClock } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { examClockSecondsAtom } from '../../../workers/exam-clock-atoms.ts';
import { crossedThreshold } from '../section-model.ts';

const t = messages.exam;

/** The key that reads the remaining time (with Alt), as aria-keyshortcuts names it. */
export const READ_TIME_SHORTCUT = 'Alt+T';
const isReadTimeKey = (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyT';

export function SectionTimer({ remainingSeconds, accommodation, label = t.remainingTime, thresholds = true, onDemand = t.timeLeftOnDemand }: {
  remainingSeconds: number | null;
  accommodation?: TimeAccommodation | null;
  label?: string;
  /** Read the time out at 10, 5 and 1 minutes left (a break's timer is silent unless asked). */
  thresholds?: boolean;
  /** What Alt+T and the button say. */
  onDemand?: (seconds: number) => string;
}) {
  const [text, setText] = useState('');
  const latest = useRef(remainingSeconds);
  latest.current = remainingSeconds;
  const readNow = useRef(() => {});
  readNow.current = () => {
    if (latest.current === null) return;
    // Cleared first, so the same words twice are announced twice.
    setText('');
    requestAnimationFrame(() => setText(onDemand(latest.current ?? 0)));
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isReadTimeKey(e)) return;
      e.preventDefault();
      readNow.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useThresholdAnnouncements(thresholds ? remainingSeconds : null, setText);

  return (
    <div className="exam-timer">
      <span className="exam-timer-label" id="exam-timer-label">{label}</span>
      <span role="timer" aria-labelledby="exam-timer-label" className="clock" data-testid="exam-timer">
        {remainingSeconds === null ? '--:--:--' : formatClock(remainingSeconds)}
      </span>
      {hasExtraTime(accommodation) && accommodation && (
        <span className="exam-timer-extra" data-testid="exam-extra-time">
          {messages.accommodation.timer(messages.accommodation.describe(accommodation.factor, accommodation.extra_minutes))}
        </span>
      )}
      <Button variant="secondary" className="exam-read-time" aria-keyshortcuts={READ_TIME_SHORTCUT} onPress={() => readNow.current()}>
        {t.readTime}
      </Button>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="time-announcer">{text}</div>
    </div>
  );
}

/** A section's timer on the exam clock: the seconds re-render this, not the screen around it. */
export function SectionClock({ accommodation }: { accommodation?: TimeAccommodation | null }) {
  const remainingSeconds = useAtomValue(examClockSecondsAtom);
  return <SectionTimer remainingSeconds={remainingSeconds} accommodation={accommodation} />;
}

/** Reads the time out at 10, 5 and 1 minutes left; a live region that changes every second would drown everything else. */
function useThresholdAnnouncements(remainingSeconds: number | null, say: (text: string) => void) {
  const previous = useRef<number | null>(null);
  useEffect(() => {
    const minutes = crossedThreshold(previous.current, remainingSeconds);
    previous.current = remainingSeconds;
    if (minutes !== null) say(t.timeLeftAnnouncement(minutes));
  }, [remainingSeconds, say]);
}
