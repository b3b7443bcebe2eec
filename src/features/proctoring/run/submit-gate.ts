// The 'Ambil Gambar' block at submission (spec 4.4, 4.7): the exam asks before it submits, and with
// fewer than 2 photos the submission waits until the missing ones are taken and uploaded.
import { messages } from '../../../i18n/messages.ts';
import { MIN_PHOTOS } from '../rules.ts';
import type { Photos } from './photos.ts';
import { errorText } from './run-context.ts';
import type { RunContext } from './run-context.ts';

export function createSubmitGate(ctx: RunContext, photos: Pick<Photos, 'ids' | 'captureAndSend'>) {
  let waiting: ((ok: boolean) => void) | null = null;

  /** Answers the submission that waits (true: it may go). */
  function release(ok: boolean): void {
    waiting?.(ok);
    waiting = null;
  }

  /** Resolves true when the submission may go, false to hold it (the test ended). */
  async function gate(): Promise<boolean> {
    if (ctx.ui().stop) return false;
    // What waits (photos, reports, heartbeat beats) goes before the section closes: the server
    // refuses a closed section's beats and would count the section as silent at its end.
    await ctx.deps.outbox.flush().catch(() => undefined);
    if (!ctx.checks.photos) return true;
    if (photos.ids().length >= MIN_PHOTOS) return true;
    // No camera (refused or ended): photos cannot be taken; the server knows from the monitoring event.
    if (ctx.ui().problem === 'camera-denied' || ctx.ui().problem === 'camera-ended') return true;
    release(false);
    return new Promise<boolean>((resolve) => {
      waiting = resolve;
      ctx.patch({ gate: { busy: false, error: null } });
    });
  }

  /** 'Ambil Gambar': takes and uploads the missing photos, then lets the submission go. */
  async function takeMissingPhotos(): Promise<void> {
    if (!ctx.ui().gate || ctx.ui().gate!.busy) return;
    ctx.patch({ gate: { busy: true, error: null } });
    try {
      await ctx.deps.outbox.flush();
      while (photos.ids().length < MIN_PHOTOS) {
        const outcome = await photos.captureAndSend();
        if (!outcome.ok) throw outcome.error;
      }
    } catch (error) {
      if (!ctx.disposed && ctx.ui().gate) ctx.patch({ gate: { busy: false, error: `${messages.violation.photoFailed} (${errorText(error)})` } });
      return;
    }
    ctx.patch({ gate: null });
    release(true);
  }

  return { gate, takeMissingPhotos, release };
}

export type SubmitGate = ReturnType<typeof createSubmitGate>;
