import { afterEach, describe, expect, test, vi } from 'vitest';
import { consoleDataProvider, filtersToBody } from './dataProvider.ts';
import { ConsoleError, onSessionEnd, setToken, getToken } from './client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

function answer(env: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(env), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('console data provider', () => {
  test('a list posts page, pageSize and the eq filters (empty ones left out) and maps { list, total }', async () => {
    const fetch = answer({ status_code: 6000, data: { list: [{ id: 1 }], total: 41 }, message: '成功' });
    setToken('t'.repeat(32));
    const out = await consoleDataProvider.getList({
      resource: 'staff/list',
      pagination: { currentPage: 3, pageSize: 20 },
      filters: [
        { field: 'keyword', operator: 'eq', value: 'ad' },
        { field: 'siteCode', operator: 'eq', value: undefined },
        { field: 'status', operator: 'eq', value: '' },
      ],
    });
    expect(out).toEqual({ data: [{ id: 1 }], total: 41 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/console/api/staff/list');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${'t'.repeat(32)}`);
    expect(JSON.parse(init.body as string)).toEqual({ page: 3, pageSize: 20, keyword: 'ad' });
  });

  test('an error envelope throws its code and the server message; 6001 ends the session', async () => {
    answer({ status_code: 6003, data: null, message: '无权限' });
    setToken('t'.repeat(32));
    await expect(consoleDataProvider.getList({ resource: 'staff/list' })).rejects.toEqual(new ConsoleError(6003, '无权限'));
    expect(getToken()).not.toBeNull();

    answer({ status_code: 6001, data: null, message: '登录已过期' });
    const ended: string[] = [];
    const off = onSessionEnd((m) => ended.push(m));
    await expect(consoleDataProvider.getList({ resource: 'staff/list' })).rejects.toMatchObject({ code: 6001 });
    off();
    expect(ended).toEqual(['登录已过期']);
    expect(getToken()).toBeNull();
  });

  test('filtersToBody keeps eq filters only', () => {
    expect(
      filtersToBody([
        { field: 'a', operator: 'contains', value: 'x' },
        { field: 'b', operator: 'eq', value: 0 },
      ]),
    ).toEqual({ b: 0 });
  });
});
