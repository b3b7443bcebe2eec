import { useRef, useState } from 'react';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';

const t = messages.preparation;
export const TUTORIAL_VIDEO = '/tutorial/tutorial.webm';
export const TUTORIAL_CAPTIONS = '/tutorial/tutorial.id.vtt';

/**
 * The tutorial video (spec 4). When required it cannot be closed, seeking past what was watched
 * jumps back, and 'Lanjutkan' waits for the video's end; watched again on request it is optional.
 */
export function TutorialDialog({ isOpen, required, onDone }: { isOpen: boolean; required: boolean; onDone: () => void }) {
  const [ended, setEnded] = useState(false);
  const watched = useRef(0);
  const canContinue = ended || !required;
  return (
    <ModalDialog title={t.videoTitle} isOpen={isOpen} onClose={required ? undefined : onDone}>
      <p className="field-help" id="tutorial-help">{t.videoHelp}</p>
      <video className="tutorial-video" src={TUTORIAL_VIDEO} controls preload="auto" playsInline
        aria-describedby="tutorial-help" data-testid="tutorial-video"
        onTimeUpdate={(e) => { if (!e.currentTarget.seeking) watched.current = Math.max(watched.current, e.currentTarget.currentTime); }}
        onSeeking={(e) => {
          const v = e.currentTarget;
          if (required && !ended && v.currentTime > watched.current + 1) v.currentTime = watched.current;
        }}
        onEnded={() => setEnded(true)}>
        <track kind="captions" src={TUTORIAL_CAPTIONS} srcLang="id" label={t.captions} default />
      </video>
      <p role="status" className="field-help">{ended ? t.videoEnded : ''}</p>
      <div className="dialog-actions">
        <Button onPress={onDone} isDisabled={!canContinue}>{t.next}</Button>
      </div>
    </ModalDialog>
  );
}
