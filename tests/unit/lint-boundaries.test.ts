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
