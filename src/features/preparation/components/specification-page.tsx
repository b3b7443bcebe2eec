import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { messages } from '../../../i18n/messages.ts';
import { Button } from '../../../ui/button.tsx';
import '../preparation.css';

const t = messages.specification;

/** Device specification (spec screen 12): 'Kembali' to the list, 'Lanjutkan Pengecekan' to the device check. */
export function SpecificationPage() {
  useDocumentTitle(t.title);
  const navigate = useNavigate();
  const id = useSearchParams()[0].get('id') ?? '';
  return (
    <section className="card card-wide" aria-labelledby="spec-title">
      <h1 id="spec-title">{t.title}</h1>
      <p>{t.intro}</p>
      <ul className="rules">{t.items.map((i) => <li key={i}>{i}</li>)}</ul>
      <p className="field-help">{t.next}</p>
      <div className="page-actions">
        <Button variant="secondary" onPress={() => void navigate(paths.epot)}>{t.back}</Button>
        <Button onPress={() => void navigate(paths.deviceCheck(id))} isDisabled={!id}>{t.continue}</Button>
      </div>
    </section>
  );
}
