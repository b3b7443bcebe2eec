// Proves the import-boundary rules exist and fire: each forbidden import, linted as if it lived in
// the named file, must be reported by ESLint with the flat config of the repo.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['src/features/exam/x.ts', "import * as tf from '@tensorflow/tfjs-core';\nexport const a = tf;\n"],
    ['src/features/exam/x.ts', "import * as bf from '@tensorflow-models/blazeface';\nexport const a = bf;\n"],
    ['src/features/exam/x.ts', "import { x } from '../../../server/app.ts';\nexport const a = x;\n"],
    ['src/features/exam/x.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['workers/exam-clock/x.ts', "import { useState } from 'react';\nexport const a = useState;\n"],
    ['workers/exam-clock/x.ts', "import { atom } from 'jotai';\nexport const a = atom;\n"],
    ['workers/exam-clock/x.ts', "import { a as b } from '../../src/lib/paths.ts';\nexport const a = b;\n"],
    ['workers/exam-clock/x.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['server/routes/x.ts', "import { a as b } from '../../src/lib/paths.ts';\nexport const a = b;\n"],
    ['server/routes/x.ts', "import { a as b } from '../../workers/exam-clock/contract.ts';\nexport const a = b;\n"],
    ['contracts/x.ts', "import { a as b } from '../server/config.ts';\nexport const a = b;\n"],
    // Server layers: services never import routes; db never imports services or routes.
    ['server/services/exam/x.ts', "import { a as b } from '../../routes/orders/index.ts';\nexport const a = b;\n"],
    ['server/db/schema/x.ts', "import { a as b } from '../../services/exam/attempts.ts';\nexport const a = b;\n"],
    ['server/db/x.ts', "import { a as b } from '../routes/index.ts';\nexport const a = b;\n"],
    // contracts/facts imports nothing outside itself: no package (not even zod), no file of contracts/.
    ['contracts/facts/x.ts', "import { z } from 'zod';\nexport const a = z;\n"],
    ['contracts/facts/x.ts', "import { a as b } from '../envelope.ts';\nexport const a = b;\n"],
    ['contracts/facts/x.ts', "import { a as b } from './sub/../../envelope.ts';\nexport const a = b;\n"],
  ])('%s: forbids %s', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toHaveLength(0);
  });

  it.each([
    ['src/workers/x.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['workers/exam-clock/exam-clock.worker.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['workers/face-detector/x.ts', "import * as tf from '@tensorflow/tfjs-core';\nexport const a = tf;\n"],
    ['src/features/exam/x.ts', "import type { ExamClockEvent } from '../../../workers/exam-clock/contract.ts';\nexport type A = ExamClockEvent;\n"],
    ['server/routes/x.ts', "import { a as b } from '../services/exam/attempts.ts';\nexport const a = b;\n"],
    ['server/services/exam/x.ts', "import { a as b } from '../orders/orders.ts';\nexport const a = b;\n"],
    ['server/db/x.ts', "import { a as b } from './schema/index.ts';\nexport const a = b;\n"],
    ['contracts/facts/x.ts', "import { a as b } from './sections.ts';\nexport const a = b;\n"],
    ['contracts/x.ts', "import { a as b } from './facts/index.ts';\nexport const a = b;\n"],
  ])('%s: allows %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(0);
  });
});

// The layers of src/: app composes features; features use only the shared layers (lib, ui, i18n,
// sensors, workers) and contracts; shared layers never import features or app; from workers/ the
// page takes only contracts. Both import rules count (threads: core; layers: @typescript-eslint).
async function importViolations(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports') || m.ruleId === 'epot/layers').map((m) => m.message);
}

describe('src layer zones', () => {
  it.each([
    // a feature imports another feature (sibling path, or from deeper down)
    ['src/features/exam/x.ts', "import { a as b } from '../proctoring/atoms.ts';\nexport const a = b;\n"],
    ['src/features/device-check/components/x.tsx', "import { a as b } from '../../proctoring/run/proctoring-run.ts';\nexport const a = b;\n"],
    // a feature imports app
    ['src/features/exam/x.ts', "import { a as b } from '../../app/router.tsx';\nexport const a = b;\n"],
    // a shared layer imports a feature or app
    ['src/lib/x.ts', "import { a as b } from '../features/exam/x.ts';\nexport const a = b;\n"],
    ['src/sensors/x.ts', "import { a as b } from '../features/proctoring/rules.ts';\nexport const a = b;\n"],
    ['src/workers/x.ts', "import { a as b } from '../app/app.tsx';\nexport const a = b;\n"],
    // src imports a worker's implementation (and with it TensorFlow.js)
    ['src/features/proctoring/x.ts', "import { a as b } from '../../../workers/face-detector/face-detector.ts';\nexport const a = b;\n"],
    ['src/workers/x.ts', "import { a as b } from '../../workers/face-detector/face-detector.ts';\nexport const a = b;\n"],
    // the staff console (src/console): a second app with its own features and shared layer
    ['src/console/features/review/x.ts', "import { a as b } from '../members/members-page.tsx';\nexport const a = b;\n"],
    ['src/console/features/review/x.ts', "import { a as b } from '../../app/staff-app.tsx';\nexport const a = b;\n"],
    ['src/console/features/review/x.ts', "import { a as b } from '../../../features/exam/index.ts';\nexport const a = b;\n"],
    ['src/console/features/review/x.ts', "import { a as b } from '../../../app/router.tsx';\nexport const a = b;\n"],
    ['src/console/lib/x.ts', "import { a as b } from '../features/review/queue-page.tsx';\nexport const a = b;\n"],
    ['src/console/app/x.tsx', "import { a as b } from '../../features/exam/index.ts';\nexport const a = b;\n"],
    ['src/app/x.tsx', "import { a as b } from '../console/features/review/queue-page.tsx';\nexport const a = b;\n"],
    ['src/features/exam/x.ts', "import { a as b } from '../../console/lib/staff-session.ts';\nexport const a = b;\n"],
    ['src/lib/x.ts', "import { a as b } from '../console/lib/staff-session.ts';\nexport const a = b;\n"],
  ])('%s: forbids %s', async (file, code) => {
    expect(await importViolations(file, code)).not.toHaveLength(0);
  });

  it.each([
    ['src/features/exam/x.ts', "import { paths } from '../../lib/paths.ts';\nexport const a = paths;\n"],
    ['src/features/exam/components/x.tsx', "import { Button } from '../../../ui/button.tsx';\nexport const a = Button;\n"],
    ['src/features/device-check/x.ts', "import { speechAtom } from '../../sensors/speech-atoms.ts';\nexport const a = speechAtom;\n"],
    ['src/lib/x.ts', "import { sessionAtom } from './session.ts';\nexport const a = sessionAtom;\n"],
    ['src/sensors/x.ts', "import { appStore } from '../lib/store.ts';\nexport const a = appStore;\n"],
    ['src/app/x.tsx', "import { EndPage } from '../features/exam/index.ts';\nexport const a = EndPage;\n"],
    ['src/features/proctoring/x.ts', "import type { FaceDetectorSettings } from '../../../workers/face-detector/contract.ts';\nexport type A = FaceDetectorSettings;\n"],
    ['src/workers/x.ts', "import type { Outcome } from '../../workers/_shared/protocol.ts';\nexport type A = Outcome<number>;\n"],
    // tests may run a worker's code in-process
    ['src/workers/x.test.ts', "import { createExamClock } from '../../workers/exam-clock/exam-clock.ts';\nexport const a = createExamClock;\n"],
    ['src/console/features/review/x.ts', "import { a as b } from '../../lib/api/staff-client.ts';\nexport const a = b;\n"],
    ['src/console/features/review/components/x.tsx', "import { Button } from '../../../../ui/button.tsx';\nexport const a = Button;\n"],
    ['src/console/features/review/x.ts', "import { a as b } from './api/review-api.ts';\nexport const a = b;\n"],
    ['src/console/app/x.tsx', "import { a as b } from '../features/review/queue-page.tsx';\nexport const a = b;\n"],
    ['src/console/app/shell/x.tsx', "import { a as b } from '../../lib/staff-session.ts';\nexport const a = b;\n"],
    ['src/app/x.tsx', "const staff = () => import('../console/staff-console.ts');\nexport const a = staff;\n"],
  ])('%s: allows %s', async (file, code) => {
    expect(await importViolations(file, code)).toHaveLength(0);
  });
});

describe('size rules in src', () => {
  const fn = (lines: number) => `export function f(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;
  const rules = async (filePath: string, code: string) =>
    ((await eslint.lintText(code, { filePath }))[0]?.messages ?? []).map((m) => m.ruleId);

  it('a function over 80 lines is reported; one of 80 is not', async () => {
    expect(await rules('src/features/exam/x.ts', fn(81))).toContain('max-lines-per-function');
    expect(await rules('src/features/exam/x.ts', fn(80))).not.toContain('max-lines-per-function');
  });

  it('a file over 250 lines is reported, except the message catalogue', async () => {
    const long = `${'// x\n'.repeat(251)}export const a = 1;\n`;
    expect(await rules('src/lib/x.ts', long)).toContain('max-lines');
    expect(await rules('src/i18n/messages.ts', long)).not.toContain('max-lines');
  });
});
