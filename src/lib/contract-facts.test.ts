// The copies must say what the contracts say (the test may import zod; the page must not).
import { describe, expect, it } from 'vitest';
import { EXAM_SECTIONS } from '../../contracts/exam-import.ts';
import * as contract from '../../contracts/proctoring.ts';
import { COUNTER_KINDS, counterKindOf, SECTION_ORDER, VIOLATION_LIMIT } from './contract-facts.ts';

describe('contract facts copied into the SPA', () => {
  it('equal the contracts', () => {
    expect(SECTION_ORDER).toEqual(EXAM_SECTIONS);
    expect(VIOLATION_LIMIT).toBe(contract.VIOLATION_LIMIT);
    expect(COUNTER_KINDS).toEqual(contract.COUNTER_KINDS);
    for (const type of ['open_new_tab', 'face', 'speech', 'voice'] as const) expect(counterKindOf(type)).toBe(contract.counterKindOf(type));
  });
});
