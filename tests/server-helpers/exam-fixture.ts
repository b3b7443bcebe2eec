// A small exam in the import format that passes every check (3 listening, 2 structure, 2 reading
// questions), with real audio made by ffmpeg, for tests that need an exam without the demo's size.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExamImport } from '../../contracts/exam-import.ts';
import { importExam } from '../../server/services/exam/exam-import.ts';

import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export function fixtureExamDoc(): ExamImport {
  const q = (text: string, answer: number) => ({ text, options: ['one', 'two', 'three', 'four'], answer });
  return {
    title: 'Fixture Exam',
    sections: {
      listening: {
        question_count: 3,
        parts: [{
          part: 'A',
          direction: { text: 'Listen.', audio: 'audio/say.webm' },
          close: { text: 'End of part A.', audio: 'audio/say.webm' }, // the same file twice: stored once
          groups: [
            { is_group: false, transcript: 'M: Hi.\nW: Hello.', audio: 'audio/one.webm', questions: [q('What does the woman say?', 1)] },
            { is_group: true, transcript: 'W: A talk.', audio: 'audio/two.webm', questions: [q('Who speaks?', 0), q('Why?', 3)] },
          ],
        }],
      },
      structure: {
        question_count: 2,
        parts: [
          {
            part: 'A', direction: { text: 'Fill the gap.' },
            groups: [{ is_group: false, questions: [{ text: 'She ______ here.', options: ['lives', 'live', 'living', 'to live'], answer: 0 }] }],
          },
          {
            part: 'B', direction: { text: 'Find the error.' },
            groups: [{ is_group: false, questions: [{ text: 'He [A]go[/A] to [B]school[/B] [C]every[/C] [D]day[/D].', options: ['go', 'school', 'every', 'day'], answer: 0 }] }],
          },
        ],
      },
      reading: {
        question_count: 2,
        parts: [{
          part: 'A', direction: { text: 'Read.' },
          groups: [{ is_group: true, text: 'A short passage.', questions: [{ ...q('What is shown?', 2), image: 'img/pic.png' }, q('Why?', 1)] }],
        }],
      },
    },
  };
}

/** 1x1 transparent PNG. */
export const FIXTURE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function tone(path: string, seconds: number) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:a', 'libopus', '-b:a', '16k', '-ac', '1', path]);
}

/**
 * Writes the fixture's media into `dir` (audio/say.webm 1.5 s, one.webm 2 s, two.webm 3 s,
 * fake.webm that is not audio, img/pic.png) and the document as `dir/exam.json`; returns its path.
 */
export function writeExamFixture(dir: string, doc: ExamImport = fixtureExamDoc()): string {
  mkdirSync(join(dir, 'audio'), { recursive: true });
  mkdirSync(join(dir, 'img'), { recursive: true });
  tone(join(dir, 'audio', 'say.webm'), 1.5);
  tone(join(dir, 'audio', 'one.webm'), 2);
  tone(join(dir, 'audio', 'two.webm'), 3);
  writeFileSync(join(dir, 'audio', 'fake.webm'), 'not audio at all');
  writeFileSync(join(dir, 'img', 'pic.png'), FIXTURE_PNG);
  const file = join(dir, 'exam.json');
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

/**
 * A seeded test app with the fixture exam imported for the seed's company; `cleanup` also removes the
 * fixture's folder. For test files that take sections (attempts, proctoring).
 */
export async function appWithFixtureExam(prefix: string, opts: TestAppOptions = {}): Promise<TestApp> {
  const t = await buildTestApp({ seed: true, ...opts });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  await importExam(t.db, t.app.blobs, { file: writeExamFixture(dir), companyId: t.seed!.companyId });
  const cleanup = t.cleanup;
  return Object.assign(t, { cleanup: async () => { await cleanup(); rmSync(dir, { recursive: true, force: true }); } });
}
