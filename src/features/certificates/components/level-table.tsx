import { PROFICIENCY_LEVELS } from '../../../../contracts/certificates.ts';
import { messages } from '../../../i18n/messages.ts';

const t = messages.viewer;

/** Spec 9: proficiency levels by predicted score. */
export function LevelTable() {
  return (
    <table className="data-table">
      <caption>{t.levelsCaption}</caption>
      <thead><tr><th scope="col">{t.colScore}</th><th scope="col">{t.colLevel}</th></tr></thead>
      <tbody>
        {PROFICIENCY_LEVELS.map((l) => <tr key={l.level}><td>{l.from}-{l.to}</td><th scope="row">{l.level}</th></tr>)}
      </tbody>
    </table>
  );
}
