import { describe, expect, it } from 'vitest';
import { buildPath } from './endpoint.js';

describe('buildPath', () => {
  it('fills and encodes parameters, and refuses a missing one', () => {
    expect(buildPath('/api/v1/staff/:accountId/pin/reset', { accountId: 'a b' })).toBe('/api/v1/staff/a%20b/pin/reset');
    expect(() => buildPath('/api/v1/x/:id')).toThrow(/Missing path parameter id/);
  });
});
