import { expect, test } from 'vitest';
import { diffLines } from './diff.ts';

test('audit diff: every field of either side, the changed ones marked', () => {
  expect(diffLines({ roles: ['finance'], disabled: false }, { roles: ['risk'], disabled: false, name: 'x' })).toEqual([
    { field: 'roles', before: '["finance"]', after: '["risk"]', changed: true },
    { field: 'disabled', before: 'false', after: 'false', changed: false },
    { field: 'name', before: '', after: 'x', changed: true },
  ]);
  expect(diffLines(null, null)).toEqual([]);
  expect(diffLines(null, 'ok')).toEqual([{ field: '(值)', before: '', after: 'ok', changed: true }]);
});
