import { describe, expect, it } from 'vitest';
import { benchOff } from './bench-off.ts';

describe('benchOff', () => {
  it('turns parts off in a non-production build only', () => {
    expect([...benchOff('?bench-off=face,speech', 'production')]).toEqual([]);
    expect([...benchOff('?bench-off=face,speech', 'bench')].sort()).toEqual(['face', 'speech']);
    expect([...benchOff('', 'development')]).toEqual([]);
  });

  it('ignores names it does not know', () => {
    expect([...benchOff('?bench-off=proctoring,camera', 'bench')]).toEqual(['camera']);
  });
});
