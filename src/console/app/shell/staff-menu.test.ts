import { describe, expect, it } from 'vitest';
import { pageOf } from './staff-guard.tsx';
import { mayOpen, staffMenu } from './staff-menu.ts';

describe('staff menus by role', () => {
  it('gives admins and operators every screen, proctors what they may read', () => {
    expect(staffMenu('institution-admin', false).map((i) => i.href)).toEqual([
      '/admin/settings', '/admin/members', '/admin/licences', '/admin/sessions', '/admin/results', '/admin/insights', '/admin/reviews', '/admin/staff', '/admin/privacy', '/admin/audit', '/admin/security',
    ]);
    expect(staffMenu('operator', false).map((i) => i.label)).toEqual(expect.arrayContaining(['Anggota', 'Staf']));
    expect(staffMenu('proctor', false).map((i) => i.page)).toEqual(['settings', 'sessions', 'results', 'insights', 'reviews', 'audit', 'security']);
    expect(staffMenu('proctor', false).find((i) => i.page === 'reviews')?.label).toBe('Tinjauan pengawasan');
    expect(mayOpen('proctor', false, 'members')).toBe(false);
    // Privacy requests are the data controller's business, not a proctor's (the server answers 403).
    expect(mayOpen('proctor', false, 'privacy')).toBe(false);
    expect(mayOpen('operator', false, 'privacy')).toBe(true);
  });

  it('holds staff who must enrol TOTP (operators, staff of an institution that requires it) on the security page', () => {
    expect(staffMenu('operator', true).map((i) => i.page)).toEqual(['security']);
    expect(staffMenu('institution-admin', true).map((i) => i.page)).toEqual(['security']);
    expect(mayOpen('proctor', true, 'settings')).toBe(false);
    expect(mayOpen('operator', true, 'results')).toBe(false);
    expect(mayOpen('operator', true, 'security')).toBe(true);
  });

  it('names the page of a console path', () => {
    expect(pageOf('/admin/results')).toBe('results');
    expect(pageOf('/admin/members/abc')).toBe('members');
    expect(pageOf('/admin/sessions/0b6f1c7e-1111-4a4a-9a9a-123456789abc/live')).toBe('sessions');
    expect(pageOf('/admin')).toBeNull();
    expect(pageOf('/admin/unknown')).toBeNull();
    expect(pageOf('/admin/attempts/0b6f1c7e-1111-4a4a-9a9a-123456789abc')).toBe('reviews');
    // The one-time link's page is outside the guard: no menu page.
    expect(pageOf('/admin/password-set/abc')).toBeNull();
  });
});
