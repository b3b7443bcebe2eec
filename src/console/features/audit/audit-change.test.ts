import { describe, expect, it } from 'vitest';
import { changeText } from './audit-page.tsx';

describe('audit change text', () => {
  it('lists only the changed fields by path', () => {
    const before = { active_camera: true, setting: { identification: { face: true, voice: true }, failed: { face: true, voice: false } } };
    const after = { active_camera: true, setting: { identification: { face: false, voice: true }, failed: { face: true, voice: true } } };
    expect(changeText(before, after)).toBe('setting.identification.face: true → false; setting.failed.voice: false → true');
  });

  it('shows what a creation wrote, and plain values as they are', () => {
    expect(changeText(null, { email: 'a@b.id', role: 'operator' })).toBe('email: a@b.id; role: operator');
    expect(changeText(null, null)).toBe('– → –');
    expect(changeText({ a: 1 }, { a: 1 })).toBe('–');
  });
});
