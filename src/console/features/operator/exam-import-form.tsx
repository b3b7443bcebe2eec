// Importing an exam: pick a zip, send it, and show the result or the importer's problem list as the
// CLI prints it (one line per problem, the file name first).
import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { EXAM_ZIP_MAX_BYTES } from '../../../../contracts/facts/index.ts';
import { operatorMessages as t } from '../../../i18n/staff-operator-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { errorText } from '../../lib/api/error-text.ts';
import { importExamZip, type ExamImportProblems } from './api/operator-api.ts';

const e = t.exams;

export function ExamImportForm({ companyId, onImported }: { companyId: string; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string; detail?: string } | null>(null);
  const [problems, setProblems] = useState<(ExamImportProblems & { message: string }) | null>(null);

  function choose(files: FileList | null) {
    const f = files?.[0] ?? null;
    setProblems(null);
    setNotice(null);
    if (f && !/\.zip$/i.test(f.name)) { setNotice({ tone: 'error', text: e.notZip }); return; }
    if (f && f.size > EXAM_ZIP_MAX_BYTES) { setNotice({ tone: 'error', text: e.tooLarge }); return; }
    setFile(f);
  }

  async function send() {
    if (!file) return;
    setBusy(true);
    setNotice(null);
    setProblems(null);
    try {
      const r = await importExamZip(companyId, file);
      if ('problems' in r) setProblems({ ...r.problems, message: r.message });
      else {
        const d = r.ok.data;
        const q = d.question_counts;
        setNotice({ tone: 'success', text: e.imported(r.ok.message, d.title, d.version), detail: e.counts(q.listening, q.structure, q.reading, d.media_count) });
        setFile(null);
        onImported();
      }
    } catch (err) {
      setNotice({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="stack staff-panel" aria-labelledby="exam-import-title">
      <h2 id="exam-import-title">{e.importTitle}</h2>
      <p className="muted">{e.importHint}</p>
      <div className="form-actions">
        <FileTrigger acceptedFileTypes={['application/zip', '.zip']} onSelect={choose}>
          <Button variant="secondary" isDisabled={busy}>{e.chooseFile}</Button>
        </FileTrigger>
        <span aria-live="polite">{file ? e.chosen(file.name) : e.noFile}</span>
      </div>
      <div className="form-actions">
        <Button isDisabled={!file || busy} onPress={() => void send()}>{busy ? e.importing : e.import}</Button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}{notice.detail && <><br />{notice.detail}</>}</Alert>}
      {problems && (
        <div role="alert" className="stack">
          <p><strong>{problems.message}</strong></p>
          <p>{e.problemsTitle(problems.file, problems.problems.length)}</p>
          <ul className="staff-errors staff-problems" data-testid="exam-problems">
            {problems.problems.map((p, n) => <li key={n}>{p}</li>)}
          </ul>
        </div>
      )}
    </section>
  );
}
