/**
 * Test kit of the console's screens: render a page inside the console's providers (antd zh-CN, refine with the real
 * data provider, react-query, the signed-in staff member, the brand switcher) against a fake server — `fetch` is
 * stubbed and every `POST /console/api/<action>` answers from a handler of the test, in the API's envelope.
 *
 *   const server = fakeConsole({ 'games/list': (b) => ({ list: [], total: 0 }) });
 *   renderConsole(<GamesPage />, { permissions: ['games.read'] });
 *   await screen.findByText('…');
 *   expect(server.bodies('games/list')[0]).toMatchObject({ venue: 'CRZR' });
 *
 * A handler may throw `new ConsoleError(code, message)` to answer an error envelope. Call `resetConsole()` (or
 * `vi.unstubAllGlobals()`) after each test.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { Refine } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { vi } from 'vitest';
import type { Permission, StaffWire } from '@portal/contract/console';
import { ConsoleError, setToken } from '../api/client.ts';
import { consoleDataProvider } from '../api/dataProvider.ts';
import { SiteProvider } from '../app/site.tsx';
import { StaffProvider } from '../app/staff.tsx';

export type Handler = (body: Record<string, unknown>) => unknown;

export interface FakeConsole {
  /** Every call so far, in order. */
  calls: Array<{ action: string; body: Record<string, unknown> }>;
  /** The bodies sent to one action. */
  bodies(action: string): Array<Record<string, unknown>>;
  /** Replace or add a handler. */
  on(action: string, handler: Handler): void;
}

const SITES = [{ siteCode: 7000, title: '测试品牌' }];

/** Stub fetch with a fake console API. `sites` answers one brand unless a handler says otherwise. */
export function fakeConsole(handlers: Record<string, Handler> = {}): FakeConsole {
  const table = new Map<string, Handler>([['sites', () => SITES], ...Object.entries(handlers)]);
  const calls: FakeConsole['calls'] = [];
  const envelope = (status_code: number, data: unknown, message: string) =>
    new Response(JSON.stringify({ status_code, data, message }), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const action = String(url).replace(/^\/console\/api\//, '');
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      calls.push({ action, body });
      const handler = table.get(action);
      if (!handler) return envelope(6004, null, `测试未提供 ${action}`);
      try {
        return envelope(6000, await handler(body), '成功');
      } catch (e) {
        if (e instanceof ConsoleError) return envelope(e.code, null, e.message);
        throw e;
      }
    }),
  );
  setToken('t'.repeat(32));
  return {
    calls,
    bodies: (action) => calls.filter((c) => c.action === action).map((c) => c.body),
    on: (action, handler) => void table.set(action, handler),
  };
}

export function resetConsole(): void {
  vi.unstubAllGlobals();
  setToken(null);
  localStorage.clear();
}

export interface StaffOptions {
  permissions?: Permission[];
  /** null (the default): every brand of the deployment. */
  sites?: number[] | null;
}

export function staffOf(o: StaffOptions = {}): StaffWire {
  return {
    id: 1,
    username: 'tester',
    displayName: '测试员',
    roles: ['super_admin'],
    sites: o.sites === undefined ? null : o.sites,
    permissions: o.permissions ?? [],
    totpEnabled: true,
  };
}

export function ConsoleTestProviders({ staff, children }: { staff: StaffWire; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
      <AntApp>
        <Refine
          dataProvider={consoleDataProvider}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient }, mutationMode: 'pessimistic' }}
        >
          <StaffProvider staff={staff}>
            <SiteProvider>{children}</SiteProvider>
          </StaffProvider>
        </Refine>
      </AntApp>
    </ConfigProvider>
  );
}

/** Render a console screen as a signed-in staff member with the given permissions (and brands). */
export function renderConsole(ui: ReactElement, o: StaffOptions = {}) {
  return render(<ConsoleTestProviders staff={staffOf(o)}>{ui}</ConsoleTestProviders>);
}
