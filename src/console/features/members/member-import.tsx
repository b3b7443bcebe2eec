// CSV import: the template to download, a file to pick, then either "imported" or every problem
// with its row number (nothing was written: the server takes all rows or none).
import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_MAX_ROWS, MEMBER_CSV_TEMPLATE } from '../../../../contracts/facts/index.ts';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { importMembers, type ImportOutcome } from '../../lib/api/members-api.ts';
import { saveBlob } from '../../../lib/save-blob.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { formatCount } from '../../lib/format.ts';

const t = staffMessages.members;

export function MemberImport({ onImported }: { onImported: () => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [invite, setInvite] = useState(true);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  async function upload(files: FileList | null) {
    const picked = files?.[0];
    if (!picked) return;
    setBusy(true);
    setFile(picked.name);
    setOutcome(null);
    setFailure(null);
    try {
      const result = await importMembers(await picked.text(), institution, invite);
      setOutcome(result);
      if (result.ok) onImported();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
      // The result (or the problem list) is what the user needs next.
      requestAnimationFrame(() => resultRef.current?.focus());
    }
  }

  return (
    <section className="stack staff-panel" aria-labelledby="import-title">
      <h2 id="import-title">{t.importTitle}</h2>
      <p className="muted">{t.importIntro(MEMBER_CSV_COLUMNS.join(', '), formatCount(MEMBER_CSV_MAX_ROWS))}</p>
      <div className="form-actions">
        <Button variant="secondary" onPress={() => saveBlob(`\uFEFF${MEMBER_CSV_TEMPLATE}`, 'template-anggota.csv')}>{t.template}</Button>
        <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={(f) => void upload(f)}>
          <Button isDisabled={busy}>{busy ? t.importing : t.pickFile}</Button>
        </FileTrigger>
      </div>
      <Checkbox isSelected={invite} onChange={setInvite}>{t.sendInvites}</Checkbox>
      <div ref={resultRef} tabIndex={-1} className="staff-result" data-testid="import-result">
        {failure && <Alert tone="error">{failure}</Alert>}
        {outcome?.ok && (
          <Alert tone="success">{t.imported(outcome.message, formatCount(outcome.result.imported), formatCount(outcome.result.invited))}</Alert>
        )}
        {outcome && !outcome.ok && <ImportErrors file={file} message={outcome.message} errors={outcome.errors} />}
      </div>
    </section>
  );
}

function ImportErrors({ file, message, errors }: { file: string | null; message: string; errors: { row: number; column: string | null; message: string }[] }) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      <h3 id="import-errors-title">{t.errorsTitle(file ?? '', formatCount(errors.length))}</h3>
      <ul className="staff-errors" aria-labelledby="import-errors-title" data-testid="import-errors">
        {errors.map((e, i) => (
          <li key={`${e.row}-${e.column ?? ''}-${i}`}>{t.rowError(e.row, e.column, e.message)}</li>
        ))}
      </ul>
    </>
  );
}
