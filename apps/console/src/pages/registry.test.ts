/** The page registry every area adds to: one key and one path per page, permissions of the matrix, Chinese titles. */
import { expect, test } from 'vitest';
import { PERMISSIONS, permissionsOf, type Role } from '@portal/contract/console';
import { holds } from '../app/staff.tsx';
import { pages } from './index.ts';
import { PAGE_GROUPS } from './types.ts';

test('keys and paths are unique; permissions, groups and titles are valid', () => {
  expect(new Set(pages.map((p) => p.key)).size).toBe(pages.length);
  expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
  for (const p of pages) {
    expect(PERMISSIONS, p.key).toContain(p.permission);
    expect(Object.keys(PAGE_GROUPS), p.key).toContain(p.group);
    expect(p.path, p.key).not.toMatch(/^\//);
    expect(p.title, p.key).toMatch(/[\u4e00-\u9fff]/);
  }
});

test('a role sees exactly the pages its permissions open', () => {
  const visible = (role: Role) => pages.filter((p) => holds({ permissions: [...permissionsOf([role])] }, p.permission)).map((p) => p.key);
  expect(visible('super_admin')).toEqual(pages.map((p) => p.key));
  expect(visible('compliance')).toContain('audit');
  expect(visible('compliance')).not.toContain('staff');
  expect(visible('auditor')).toEqual(expect.arrayContaining(['staff', 'audit']));
});
