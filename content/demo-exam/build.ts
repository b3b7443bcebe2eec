// `npm run content:build`: writes content/demo-exam/exam.json (the import format of
// contracts/exam-import.ts) from the compact sources in ./source. It places each correct option
// by a fixed, shuffled-but-balanced sequence (written expression answers follow the sentence),
// composes the listening transcripts that make-audio.ts speaks, and refuses content that breaks
// the demo's own rules (counts, one gap, four marked parts, passage length, distinct options).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { underlinedParts, type ExamImport, type ExamImportGroup, type ExamImportPart } from '../../contracts/exam-import.ts';
import * as listening from './source/listening.ts';
import * as reading from './source/reading.ts';
import * as structure from './source/structure.ts';
import type { LongListening, Mcq } from './source/types.ts';

export const EXAM_JSON = fileURLToPath(new URL('./exam.json', import.meta.url));
/** Seconds of silence after each spoken question: the screen moves on when the audio ends. */
export const ANSWER_PAUSE_S = 10;
const pause = `(pause ${ANSWER_PAUSE_S} s)`;

function fail(message: string): never {
  throw new Error(`demo exam: ${message}`);
}

/** Correct-answer positions: each run of four uses every position once, in a seeded order. */
function balancedPositions(seed: number) {
  let state = seed >>> 0;
  const random = () => {
    // mulberry32: small, deterministic, good enough for shuffling four numbers.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let block: number[] = [];
  return () => {
    if (block.length === 0) {
      block = [0, 1, 2, 3];
      for (let i = 3; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [block[i], block[j]] = [block[j]!, block[i]!];
      }
    }
    return block.pop()!;
  };
}

function question(mcq: Mcq, position: number, text = mcq.q) {
  const options = [...mcq.wrong];
  options.splice(position, 0, mcq.correct);
  if (new Set(options).size !== 4) fail(`options repeat in "${mcq.q}"`);
  return { text, options, answer: position };
}

function expectCount(what: string, actual: number, expected: number) {
  if (actual !== expected) fail(`${what} has ${actual} items, expected ${expected}`);
}

function buildListening(): ExamImportPart[] {
  const next = balancedPositions(1);
  expectCount('listening part A', listening.partA.length, 30);
  expectCount('listening part B', listening.partB.length, 2);
  expectCount('listening part C', listening.partC.length, 3);
  let number = 0;
  const audio = (name: string) => `audio/listening-${name}.webm`;
  const texts = (letter: 'A' | 'B' | 'C') => {
    const t = listening.listeningTexts[letter];
    const key = letter.toLowerCase();
    return {
      direction: { text: t.direction, audio: audio(`${key}-direction`) },
      close: { text: t.close ?? fail(`listening part ${letter} needs a close statement`), audio: audio(`${key}-close`) },
    };
  };
  const partA: ExamImportGroup[] = listening.partA.map((d, i) => {
    number++;
    if (d.lines.length < 2 || !d.lines.every((l) => /^[MW]: /.test(l))) fail(`listening A${i + 1}: lines must be 'M: …' / 'W: …'`);
    return {
      is_group: false,
      transcript: [...d.lines, `Narrator: ${d.q}`, pause].join('\n'),
      audio: audio(`a-${String(i + 1).padStart(2, '0')}`),
      questions: [question(d, next())],
    };
  });
  const long = (items: LongListening[], key: string) => items.map((item, i): ExamImportGroup => {
    expectCount(`listening ${key}${i + 1} questions`, item.questions.length, 4);
    const first = number + 1;
    const spoken = item.questions.flatMap((q) => [`Narrator: Question ${++number}. ${q.q}`, pause]);
    return {
      is_group: true,
      transcript: [`Narrator: Questions ${first} to ${number}. ${item.intro}`, ...item.lines, ...spoken].join('\n'),
      audio: audio(`${key}-${i + 1}`),
      questions: item.questions.map((q) => question(q, next())),
    };
  });
  return [
    { part: 'A', ...texts('A'), groups: partA },
    { part: 'B', ...texts('B'), groups: long(listening.partB, 'b') },
    { part: 'C', ...texts('C'), groups: long(listening.partC, 'c') },
  ];
}

function buildStructure(): ExamImportPart[] {
  const next = balancedPositions(2);
  expectCount('structure part A', structure.partA.length, 15);
  expectCount('structure part B', structure.partB.length, 25);
  const partA = structure.partA.map((mcq): ExamImportGroup => {
    if (mcq.q.split('______').length !== 2) fail(`structure "${mcq.q}" needs exactly one gap '______'`);
    return { is_group: false, questions: [question(mcq, next())] };
  });
  const partB = structure.partB.map((item): ExamImportGroup => {
    const marked = underlinedParts(item.s);
    if (marked.map((m) => m.letter).join('') !== 'ABCD') fail(`written expression "${item.s}" needs parts [A] to [D] in order`);
    const options = marked.map((m) => m.text);
    if (new Set(options).size !== 4) fail(`written expression "${item.s}": underlined parts repeat`);
    return { is_group: false, questions: [{ text: item.s, options, answer: 'ABCD'.indexOf(item.err) }] };
  });
  return [
    { part: 'A', direction: { text: structure.structureTexts.A.direction }, groups: partA },
    { part: 'B', direction: { text: structure.structureTexts.B.direction }, groups: partB },
  ];
}

export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;

function buildReading(): ExamImportPart[] {
  const next = balancedPositions(3);
  expectCount('reading passages', reading.passages.length, 5);
  const groups = reading.passages.map((p, i): ExamImportGroup => {
    expectCount(`reading passage ${i + 1} questions`, p.questions.length, 10);
    const text = p.paragraphs.join('\n\n');
    const words = wordCount(text);
    if (words < 250 || words > 350) fail(`reading passage ${i + 1} has ${words} words (want 250-350)`);
    return { is_group: true, text, questions: p.questions.map((q) => question(q, next())) };
  });
  return [{ part: 'A', direction: { text: reading.readingTexts.direction }, groups }];
}

export function buildDemoExam(): ExamImport {
  const section = (parts: ExamImportPart[]) => ({
    question_count: parts.reduce((n, p) => n + p.groups.reduce((m, g) => m + g.questions.length, 0), 0),
    parts,
  });
  return {
    title: 'EPOT Demo Exam',
    sections: { listening: section(buildListening()), structure: section(buildStructure()), reading: section(buildReading()) },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const exam = buildDemoExam();
  writeFileSync(EXAM_JSON, JSON.stringify(exam, null, 2) + '\n');
  for (const [name, s] of Object.entries(exam.sections)) {
    const spread = [0, 0, 0, 0];
    for (const p of s.parts) for (const g of p.groups) for (const q of g.questions) spread[q.answer]!++;
    console.log(`${name}: ${s.question_count} questions; correct answers A/B/C/D = ${spread.join('/')}`);
  }
  console.log('reading passages (words):', exam.sections.reading.parts[0]!.groups.map((g) => wordCount(g.text ?? '')).join(', '));
  console.log(`wrote ${EXAM_JSON}`);
}
