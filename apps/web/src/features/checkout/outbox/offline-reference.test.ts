import { describe, expect, it } from 'vitest';
import { offlineReferenceSchema } from '@ipos/contracts';
import { referencePrefix, registerCode, storeCode } from './offline-reference';

describe('offline references', () => {
  it('shortens the register’s name to its initials and numbers', () => {
    expect(registerCode('Till 1')).toBe('T1');
    expect(registerCode('Front counter 12')).toBe('FC12');
    expect(registerCode('till-2')).toBe('T2');
    expect(registerCode('Caisse Été')).toBe('CE');
    expect(registerCode('***')).toBe('R');
  });

  it('takes 2 to 5 capital letters of the store’s alias', () => {
    expect(storeCode('LEK')).toBe('LEK');
    expect(storeCode('ikj-2')).toBe('IKJ');
    expect(storeCode('A')).toBe('AXX');
    expect(storeCode('ABCDEFG')).toBe('ABCDE');
  });

  it('makes references the server accepts', () => {
    for (const [alias, register] of [
      ['LEK', 'Till 1'],
      ['x', 'Front counter 12'],
      ['LONGALIAS', '!!'],
    ] as const)
      expect(offlineReferenceSchema.safeParse(`${referencePrefix(alias, register)}-OFF-0017`).success).toBe(true);
  });
});
