import { describe, expect, test } from 'vitest';
import { HELP_CODES, routePath } from './paths.ts';
import { ROUTES } from './table.tsx';

describe('route names and paths', () => {
  test('every route of the table has its path from routes/paths.ts, each name once, the catch-all last', () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of ROUTES) expect(r.path).toBe(routePath(r.name));
    expect(ROUTES[ROUTES.length - 1]!.path).toBe('*');
  });

  test('help children sit under the help centre; an unknown name throws', () => {
    expect(routePath(`help_${HELP_CODES[0]}`)).toBe('/app/help/kh');
    expect(routePath('accountManage')).toBe('/mine/accountManage/:id');
    expect(() => routePath('nope' as never)).toThrow('unknown route name');
  });
});
