// The rule simulator as a pure function over stored evidence: what the proposed rules would have
// disqualified or queued, and which attempts change.
import { describe, expect, it } from 'vitest';
import type { RiskEvidence } from './risk.ts';
import { replayAttempt, simulateRules, type SimAttempt } from './simulator.ts';

const on = { face: true, voice: true, new_tab: true };
const off = { face: false, voice: false, new_tab: false };
const rules = (failed: Partial<typeof on>, identification = on) => ({ active_camera: true, setting: { identification, failed: { ...off, ...failed } } });

function evidence(kinds: ('open_new_tab' | 'face' | 'speech')[], extra: Partial<RiskEvidence> = {}): RiskEvidence {
  return { violations: kinds.map((kind, i) => ({ kind, section: 'structure', at: (i + 1) * 60_000 })), events: [], deviceReports: [], reloads: 0, sectionEnds: {}, ...extra };
}

function attempt(id: string, e: RiskEvidence, current: SimAttempt['current']): SimAttempt {
  return { id, order_no: `EPOT-${id}`, member_name: `Peserta ${id}`, finished_at: '2026-03-07T03:00:00.000Z', evidence: e, current };
}

describe('replaying one attempt', () => {
  it('ends at the third violation of a kind that fails, and cuts off the evidence after it', () => {
    const e = evidence(['speech', 'speech', 'speech', 'speech', 'face']);
    expect(replayAttempt(e, { rules: rules({ voice: true }), risk_threshold: 40 })).toEqual({ disqualified: true, risk_score: 15 });
    // Without voice failing, all five count toward the risk (speech capped at 15, face 5).
    expect(replayAttempt(e, { rules: rules({}), risk_threshold: 40 })).toEqual({ disqualified: false, risk_score: 20 });
  });

  it('drops what a check switched off would never have seen, episodes included', () => {
    const e = evidence(['open_new_tab', 'open_new_tab', 'open_new_tab'], {
      events: [{ kind: 'page-away', section: 'structure', at: 1, duration_ms: 200_000 }, { kind: 'face-multiple', section: 'structure', at: 2, duration_ms: 5_000 }],
    });
    expect(replayAttempt(e, { rules: rules({ new_tab: true }), risk_threshold: 40 })).toEqual({ disqualified: true, risk_score: 65 });
    expect(replayAttempt(e, { rules: rules({ new_tab: true }, { face: false, voice: true, new_tab: false }), risk_threshold: 40 }))
      .toEqual({ disqualified: false, risk_score: 0 });
  });
});

describe('the simulation', () => {
  it('counts disqualified and queued now and under the proposal, and lists the attempts that change', () => {
    const attempts = [
      // Disqualified today by three tab-leaves.
      attempt('a', evidence(['open_new_tab', 'open_new_tab', 'open_new_tab']), { disqualified: true, queued: true, risk_score: 30 }),
      // Three speech violations: only a warning today.
      attempt('b', evidence(['speech', 'speech', 'speech']), { disqualified: false, queued: false, risk_score: 15 }),
      // Clean.
      attempt('c', evidence([]), { disqualified: false, queued: false, risk_score: 0 }),
    ];
    const result = simulateRules(attempts, { rules: rules({ voice: true }), risk_threshold: 10 });
    expect(result).toMatchObject({ attempts: 3, current: { disqualified: 1, queued: 1 }, proposed: { disqualified: 1, queued: 2 }, changes_total: 2 });
    expect(result.changes).toEqual([
      { order_id: 'a', order_no: 'EPOT-a', member_name: 'Peserta a', finished_at: '2026-03-07T03:00:00.000Z',
        current: { disqualified: true, queued: true, risk_score: 30 }, proposed: { disqualified: false, queued: true, risk_score: 30 } },
      { order_id: 'b', order_no: 'EPOT-b', member_name: 'Peserta b', finished_at: '2026-03-07T03:00:00.000Z',
        current: { disqualified: false, queued: false, risk_score: 15 }, proposed: { disqualified: true, queued: true, risk_score: 15 } },
    ]);
  });

  it('changes nothing when the proposal is today\'s rules', () => {
    const attempts = [attempt('a', evidence(['open_new_tab', 'open_new_tab', 'open_new_tab']), { disqualified: true, queued: true, risk_score: 30 })];
    expect(simulateRules(attempts, { rules: rules({ new_tab: true, face: true }), risk_threshold: 40 })).toMatchObject({ changes_total: 0, changes: [] });
  });
});
