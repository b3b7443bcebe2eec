// The pure parts of the proctoring benchmark's memory and data figures (bench/lib): a wrong parser
// or category would print plausible numbers that mean something else.
import { describe, expect, it } from 'vitest';
import { audioRefs, countQuestions, wholeTestBudget } from '../../bench/lib/data-budget.ts';
import { examRenderer, summariseProcesses } from '../../bench/lib/memory-sample.ts';
import { CATEGORIES, categorise } from '../../bench/lib/net-budget.ts';
import type { Category, Tally } from '../../bench/lib/net-budget.ts';
import { chromiumProcessType, parseSmapsRollup, slope } from '../../bench/lib/proc-memory.ts';

const SMAPS_ROLLUP = `55d0c0a4e000-7ffd8b7f9000 ---p 00000000 00:00 0                          [rollup]
Rss:              512340 kB
Pss:              496656 kB
Pss_Dirty:        480000 kB
Pss_Anon:         470000 kB
Pss_File:          20000 kB
Pss_Shmem:          6656 kB
Shared_Clean:      30000 kB
Private_Dirty:    481000 kB
Swap:                  0 kB
`;

describe('parseSmapsRollup', () => {
  it('reads every kB field by name and skips the header line', () => {
    const r = parseSmapsRollup(SMAPS_ROLLUP);
    expect(r.Pss).toBe(496656);
    expect(r.Rss).toBe(512340);
    expect(r.Pss_Shmem).toBe(6656);
    expect(r.Swap).toBe(0);
    expect(Object.keys(r)).not.toContain('rollup');
  });
});

describe('chromiumProcessType', () => {
  it('labels processes by --type, utilities by their sub-type, and the browser by having none', () => {
    expect(chromiumProcessType('/usr/lib/chromium/chromium --type=renderer --enable-blink-features=X --renderer-client-id=7')).toBe('renderer');
    expect(chromiumProcessType('/usr/lib/chromium/chromium\0--type=gpu-process\0--no-sandbox')).toBe('gpu-process');
    expect(chromiumProcessType('/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService --lang=en')).toBe('utility:network');
    expect(chromiumProcessType('/usr/lib/chromium/chromium --type=utility --utility-sub-type=audio.mojom.AudioService')).toBe('utility:audio');
    expect(chromiumProcessType('/usr/lib/chromium/chromium --type=zygote')).toBe('zygote');
    expect(chromiumProcessType('/usr/lib/chromium/chromium --no-sandbox --remote-debugging-pipe about:blank')).toBe('browser');
  });
});

describe('slope', () => {
  it('is the least-squares growth per unit of x', () => {
    expect(slope([{ x: 0, y: 100 }, { x: 1, y: 102 }, { x: 2, y: 104 }])).toBeCloseTo(2);
    // Noise around a flat line gives about zero.
    expect(slope([{ x: 0, y: 100 }, { x: 1, y: 103 }, { x: 2, y: 97 }, { x: 3, y: 100 }])).toBeCloseTo(-0.6);
    expect(slope([{ x: 0, y: 5 }])).toBeNaN();
    expect(slope([{ x: 1, y: 5 }, { x: 1, y: 6 }])).toBeNaN();
  });
});

describe('examRenderer', () => {
  it('picks the renderer with the most PSS and sums PSS per process type', () => {
    const procs = [
      { pid: 1, type: 'browser', pssMb: 150, rssMb: 200 },
      { pid: 2, type: 'renderer', pssMb: 40, rssMb: 90 },
      { pid: 3, type: 'renderer', pssMb: 480, rssMb: 520 },
      { pid: 4, type: 'gpu-process', pssMb: 60, rssMb: 100 },
      { pid: 5, type: 'utility:network', pssMb: 20, rssMb: 50 },
    ];
    expect(examRenderer(procs)?.pid).toBe(3);
    const s = summariseProcesses(60, procs);
    expect(s.examRendererPssMb).toBe(480);
    expect(s.pssByTypeMb).toEqual({ browser: 150, renderer: 520, 'gpu-process': 60, 'utility:network': 20 });
    expect(s.totalPssMb).toBe(750);
    expect(examRenderer(procs.filter((p) => p.type !== 'renderer'))).toBeNull();
  });
});

describe('categorise', () => {
  const base = 'http://127.0.0.1:4000';
  it('sorts the app requests into the data budget categories', () => {
    expect(categorise(`${base}/api/storage/v1/media/user/upload`, 'POST')).toBe('photos');
    expect(categorise(`${base}/api/users/v1/member/order/update/violation/abc`, 'PUT')).toBe('proctoring');
    expect(categorise(`${base}/api/users/v1/member/order/proctoring-event/abc`, 'POST')).toBe('proctoring');
    expect(categorise(`${base}/api/users/v1/member/order/violations/abc`, 'GET')).toBe('proctoring');
    expect(categorise(`${base}/api/users/v1/member/order/answer/draft`, 'PUT')).toBe('autosaves');
    expect(categorise(`${base}/api/users/v1/member/order/answer/`, 'POST')).toBe('submits');
    expect(categorise(`${base}/api/storage/v1/media/file/m1?exp=1&sig=x`, 'GET')).toBe('audio');
    expect(categorise(`${base}/models/blazeface/group1-shard1of1.bin`, 'GET')).toBe('model+wasm');
    expect(categorise(`${base}/tfjs-wasm/tfjs-backend-wasm-simd.wasm`, 'GET')).toBe('model+wasm');
    expect(categorise(`${base}/assets/ort-wasm-simd-threaded-abc.wasm`, 'GET')).toBe('model+wasm');
    expect(categorise(`${base}/api/time`, 'GET')).toBe('other api');
    expect(categorise(`${base}/assets/index-abc.js`, 'GET')).toBe('app assets');
    expect(categorise(`${base}/sw.js`, 'GET')).toBe('app assets');
  });
});

describe('wholeTestBudget', () => {
  const tally = (requests: number, upBytes: number, downBytes: number): Tally => ({ requests, upBytes, downBytes, cachedRequests: 0, cachedBytes: 0 });
  const totals = (t: Partial<Record<Category, Tally>>) => Object.fromEntries(CATEGORIES.map((c) => [c, t[c] ?? tally(0, 0, 0)])) as Record<Category, Tally>;
  const shape = {
    questions: { listening: 50, structure: 40, reading: 50 },
    minutes: { listening: 30, structure: 25, reading: 55 },
    measuredSection: 'structure',
    photos: 15,
    draftsPerQuestion: 2,
    audioBytes: 2_000_000,
    audioFiles: 12,
  };
  const load = totals({ 'app assets': tally(40, 0, 900_000), 'model+wasm': tally(6, 0, 600_000), 'other api': tally(10, 2_000, 20_000) });
  const section = totals({
    photos: tally(5, 50_000, 1_000), autosaves: tally(30, 60_000, 6_000), proctoring: tally(2, 400, 800), 'other api': tally(4, 0, 4_000),
  });
  const rows = Object.fromEntries(wholeTestBudget(load, section, 1, shape).map((r) => [r.category, r]));

  it('scales photos per upload to the whole test', () => {
    expect(rows.photos!.testUp).toBe(10_000 * 15);
  });
  it('scales autosaves by questions, a draft carrying its whole section', () => {
    // 2 drafts a question; a draft of a 50-question section is 50/40 the measured one's size.
    const drafts = 2 * (50 * 50 / 40 + 40 + 50 * 50 / 40);
    expect(rows.autosaves!.testUp).toBe(Math.round(2_000 * drafts));
  });
  it('takes a submit as a draft when none was measured, one per section', () => {
    expect(rows.submits!.testUp).toBe(Math.round(2_000 * (50 / 40 + 1 + 50 / 40)));
    expect(rows.submits!.basis).toMatch(/not measured/);
  });
  it('counts load once and per-minute traffic over the test minutes', () => {
    expect(rows['other api']!.testDown).toBe(20_000 + 4_000 * 110);
    expect(rows.proctoring!.testUp).toBe(400 * 110);
    expect(rows['app assets']!.testDown).toBe(900_000);
    expect(rows['model+wasm']!.testDown).toBe(600_000);
  });
  it('adds the listening audio fetched apart, once', () => {
    expect(rows.audio!.testDown).toBe(2_000_000);
    expect(rows.audio!.measuredDown).toBe(0);
  });
});

describe('exam documents', () => {
  const detail = {
    exam: {
      parts: [{
        part: 'A',
        question_list: [
          { id: 'g1', media: { id: 'a1', type: 'audio', url: '/api/storage/v1/media/file/a1?sig=1' }, questions: [{ id: 'q1', options: [{ text: 'a' }] }, { id: 'q2', options: [] }] },
          { id: 'g2', media: { id: 'a1', type: 'audio', url: '/api/storage/v1/media/file/a1?sig=1' }, questions: [{ id: 'q3', options: [{ text: 'b' }], question: { media: { type: 'image', url: '/img' } } }] },
          { id: 'g3', media: { id: 'a2', type: 'audio', url: '/api/storage/v1/media/file/a2?sig=2' }, questions: [] },
        ],
      }],
    },
  };
  it('counts each object with an options array as a question', () => {
    expect(countQuestions(detail)).toBe(3);
  });
  it('lists the audio media once per id, images left out', () => {
    expect([...audioRefs(detail).values()]).toEqual(['/api/storage/v1/media/file/a1?sig=1', '/api/storage/v1/media/file/a2?sig=2']);
  });
});
