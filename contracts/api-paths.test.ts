import { describe, expect, it } from 'vitest';
import { apiPaths, fillPath } from './api-paths.ts';

describe('fillPath', () => {
  it('fills and encodes parameters', () => {
    expect(fillPath(apiPaths.order.sectionDetail, { id: 'a b/c', section: 'reading' }))
      .toBe('/users/v1/member/order/detail/a%20b%2Fc/reading');
  });
  it('refuses a missing parameter instead of building a wrong URL', () => {
    expect(() => fillPath(apiPaths.order.detailFull, {})).toThrow(/missing :id/);
  });
});
