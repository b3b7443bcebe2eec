// The face model and WASM being fetched into the cache before the test (issue 16; an addition to the
// spec's device check, docs/spec-deviations.md): a progress bar while they load, one line when they
// are stored or could not be, nothing when the test needs none.
import { useAtomValue } from 'jotai';
import { messages } from '../../../i18n/messages.ts';
import { progressPercent } from '../../../lib/asset-prefetch.ts';
import { examAssetsAtom } from '../../../lib/exam-assets.ts';
import { ProgressBar } from '../../../ui/progress-bar.tsx';

const t = messages.deviceCheck;
const mb = (bytes: number) => (bytes / 1_000_000).toLocaleString('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function ExamAssetsProgress() {
  const progress = useAtomValue(examAssetsAtom);
  if (progress.files === 0) return null;
  switch (progress.status) {
    case 'done':
      return <p className="field-help" data-testid="exam-assets" data-status="done">{t.assetsReady}</p>;
    case 'failed':
      return <p className="field-help" role="status" data-testid="exam-assets" data-status="failed">{t.assetsFailed}</p>;
    case 'loading':
      return (
        <ProgressBar testId="exam-assets" label={t.assetsLoading} value={progressPercent(progress)}
          valueText={progress.totalBytes ? t.assetsProgress(mb(progress.loadedBytes), mb(progress.totalBytes)) : undefined} />
      );
    default:
      return null;
  }
}
