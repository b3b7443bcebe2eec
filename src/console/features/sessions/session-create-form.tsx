// Scheduling a test-day session (issue 30): a name, the window in WIB (opens, last start, closes)
// and the members — picked from the institution's list, from a CSV with an "email" column, and/or
// copied from an earlier session — plus optional proctors. The server checks every rule again.
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { FileTrigger, Form } from 'react-aria-components';
import { parse } from 'csv-parse/browser/esm/sync';
import { staffSessionMessages } from '../../../i18n/staff-session-messages.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { staffMessages } from '../../../i18n/staff-messages.ts';
import { errorText } from '../../lib/api/error-text.ts';
import { listMembers, type MemberFilter } from '../../lib/api/members-api.ts';
import { listStaffAccounts, type StaffAccount } from '../../lib/api/staff-accounts-api.ts';
import { usePaged } from '../../lib/paged.ts';
import { actingInstitutionAtom } from '../../lib/staff-session.ts';
import { createSession, type TestSession } from './api/sessions-api.ts';

const t = staffSessionMessages.create;
const PICK_LIMIT = 10;

/** "2026-12-05T09:00" typed in WIB as an instant. */
const wibInstant = (local: string) => (local ? new Date(`${local}:00+07:00`).toISOString() : '');

function emailsOf(csv: string): string[] | null {
  const rows = parse(csv, { columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()), skip_empty_lines: true, bom: true, trim: true }) as Record<string, string>[];
  if (rows.length > 0 && !('email' in rows[0]!)) return null;
  return rows.map((r) => r.email ?? '').filter((e) => e !== '');
}

export function SessionCreateForm({ earlier, onCreated, onCancel }: { earlier: TestSession[]; onCreated: (message: string) => void; onCancel: () => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [name, setName] = useState('');
  const [opens, setOpens] = useState('');
  const [lastStart, setLastStart] = useState('');
  const [closes, setCloses] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [emails, setEmails] = useState<string[]>([]);
  const [copyFrom, setCopyFrom] = useState('');
  const [proctors, setProctors] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (id: string, on: boolean) => setPicked((s) => { const n = new Set(s); if (on) n.add(id); else n.delete(id); return n; });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (name.trim() === '') found.name = t.nameRequired;
    if (!opens || !lastStart || !closes) found.time = t.timeRequired;
    if (picked.size === 0 && emails.length === 0 && !copyFrom) found.members = t.noMembers;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await createSession({
        ...(institution ? { institution_id: institution } : {}), name: name.trim(),
        opens_at: wibInstant(opens), last_start_at: wibInstant(lastStart), closes_at: wibInstant(closes),
        member_ids: [...picked], member_emails: emails, ...(copyFrom ? { copy_members_from: copyFrom } : {}), proctor_ids: [...proctors],
      });
      onCreated(message);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form className="stack session-form" onSubmit={(e) => void submit(e)} validationBehavior="aria" aria-labelledby="session-create-title">
      <h2 id="session-create-title">{t.title}</h2>
      <TextField label={t.name} description={t.nameHelp} value={name} onChange={setName} maxLength={120} errorMessage={errors.name} />
      <div className="session-window">
        <TextField label={t.opensAt} type="datetime-local" value={opens} onChange={setOpens} />
        <TextField label={t.lastStartAt} type="datetime-local" value={lastStart} onChange={setLastStart} />
        <TextField label={t.closesAt} type="datetime-local" value={closes} onChange={setCloses} />
      </div>
      <p className="field-help">{t.windowHelp}</p>
      {errors.time && <Alert tone="error">{errors.time}</Alert>}
      <MemberPicker picked={picked} onToggle={toggle} onEmails={setEmails} earlier={earlier} copyFrom={copyFrom} onCopyFrom={setCopyFrom} error={errors.members} />
      <ProctorPicker picked={proctors} onChange={setProctors} />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="dialog-actions sticky-actions">
        <Button variant="secondary" onPress={onCancel}>{t.cancel}</Button>
        <Button type="submit" isDisabled={busy}>{t.submit}</Button>
      </div>
    </Form>
  );
}

/** The members: picked from the institution's active members, a CSV's e-mails, an earlier session's. */
function MemberPicker({ picked, onToggle, onEmails, earlier, copyFrom, onCopyFrom, error }: {
  picked: Set<string>; onToggle: (id: string, on: boolean) => void; onEmails: (e: string[]) => void;
  earlier: TestSession[]; copyFrom: string; onCopyFrom: (id: string) => void; error: string | undefined;
}) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [csvNote, setCsvNote] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const filter = useMemo<MemberFilter>(() => ({ search: applied, status: 'active', institution }), [applied, institution]);
  const load = useCallback((f: MemberFilter, p: number) => listMembers(f, p, PICK_LIMIT), []);
  const members = usePaged(load, filter, page);
  const setEmails = onEmails;
  const toggle = onToggle;
  const setCopyFrom = onCopyFrom;
  async function readCsv(files: FileList | null) {
    const file = files?.[0];
    if (!file) return;
    try {
      const list = emailsOf(await file.text());
      if (list === null) { setEmails([]); setCsvNote(t.csvNoEmail); return; }
      setEmails(list);
      setCsvNote(t.csvRead(list.length));
    } catch (err) {
      setCsvNote(errorText(err));
    }
  }

  return (
    <fieldset className="session-members">
      <legend>{t.members}</legend>
      <p className="field-help">{t.membersHelp}</p>
      <div className="staff-filters">
        <TextField label={t.search} type="search" value={search} onChange={setSearch} />
        <Button variant="secondary" onPress={() => { setApplied(search.trim()); setPage(1); }}>{t.searchButton}</Button>
      </div>
      {members.error && <Alert tone="error">{members.error}</Alert>}
      <ul className="session-pick" aria-label={t.pickLabel}>
        {(members.data?.list ?? []).map((m) => (
          <li key={m.id}><Checkbox isSelected={picked.has(m.id)} onChange={(on) => toggle(m.id, on)}>{m.fullname} ({m.email})</Checkbox></li>
        ))}
      </ul>
      <Pagination page={page} pageCount={members.pageCount} onChange={setPage} labels={staffMessages.paging} isDisabled={members.loading} />
      <p role="status">{t.picked(picked.size)}</p>
      <FileTrigger acceptedFileTypes={['.csv', 'text/csv']} onSelect={(f) => void readCsv(f)}>
        <Button variant="secondary">{t.csv}</Button>
      </FileTrigger>
      {csvNote && <p role="status">{csvNote}</p>}
      {earlier.length > 0 && (
        <div className="field">
          <label htmlFor="session-copy">{t.copyFrom}</label>
          <select id="session-copy" value={copyFrom} onChange={(e) => setCopyFrom(e.target.value)}>
            <option value="">{t.copyNone}</option>
            {earlier.map((s) => <option key={s.id} value={s.id}>{s.name} ({s.member_count})</option>)}
          </select>
        </div>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </fieldset>
  );
}

/** Optional proctors: the institution's active proctors and admins (the server checks them again). */
function ProctorPicker({ picked, onChange }: { picked: Set<string>; onChange: (s: Set<string>) => void }) {
  const institution = useAtomValue(actingInstitutionAtom);
  const [list, setList] = useState<StaffAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listStaffAccounts(institution)
      .then((l) => { if (live) setList(l.filter((s) => s.active && s.institution_id !== null && (s.role === 'proctor' || s.role === 'institution-admin'))); })
      .catch((err: unknown) => { if (live) setError(errorText(err)); });
    return () => { live = false; };
  }, [institution]);
  const toggle = (id: string, on: boolean) => { const n = new Set(picked); if (on) n.add(id); else n.delete(id); onChange(n); };
  return (
    <fieldset className="session-members">
      <legend>{t.proctors}</legend>
      <p className="field-help">{t.proctorsHelp}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {list?.length === 0 && <p>{t.proctorsNone}</p>}
      {list && list.length > 0 && (
        <ul className="session-pick" aria-label={t.proctorsLabel}>
          {list.map((s) => (
            <li key={s.id}>
              <Checkbox isSelected={picked.has(s.id)} onChange={(on) => toggle(s.id, on)}>{s.name} ({s.email}) · {staffMessages.app.roles[s.role]}</Checkbox>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
