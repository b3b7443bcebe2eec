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
    ['workers/exam-clock/x.ts', "import { a as b } from '../../src/app/paths.ts';\nexport const a = b;\n"],
    ['workers/exam-clock/x.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['server/routes/x.ts', "import { a as b } from '../../src/app/paths.ts';\nexport const a = b;\n"],
    ['server/routes/x.ts', "import { a as b } from '../../workers/exam-clock/contract.ts';\nexport const a = b;\n"],
    ['contracts/x.ts', "import { a as b } from '../server/config.ts';\nexport const a = b;\n"],
  ])('%s: forbids %s', async (file, code) => {
    expect(await restrictedImports(file, code)).not.toHaveLength(0);
  });

  it.each([
    ['src/workers/x.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['workers/exam-clock/exam-clock.worker.ts', "import * as c from 'comlink';\nexport const a = c;\n"],
    ['workers/face-detector/x.ts', "import * as tf from '@tensorflow/tfjs-core';\nexport const a = tf;\n"],
    ['src/features/exam/x.ts', "import type { ExamClockEvent } from '../../../workers/exam-clock/contract.ts';\nexport type A = ExamClockEvent;\n"],
  ])('%s: allows %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toHaveLength(0);
  });
});
