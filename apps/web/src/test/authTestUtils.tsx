/** Test helpers for the request layer and the account dialogs: a routed fetch mock and the providers. */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { i18n } from '../app/i18n.ts';
import { resetSiteForTests, type PreInfo } from '../api/site.ts';
import '../api/client.ts';

export const CLIENT_KEY = 'test-client-key';

export function preInfo(patch: Partial<PreInfo['siteBaseConfig']> = {}): PreInfo {
  return {
    ip: '127.0.0.1',
    siteBaseConfig: {
      siteCode: 7000,
      title: '翡翠湾体育',
      h5DomainUrl: 'https://h5.example',
      theme: { primaryColor: '#c9a45c', logoText: 'FC', mode: 'light' },
      flags: {
        hideRealNumber: false,
        hideNavIcon: false,
        hideAgent: false,
        showSponsor: true,
        foreverSite: false,
        defaultLanguage: 'zh-CN',
        innerGame: true,
        skipSport: false,
        vipNoSave: false,
        deposit: true,
        birthdayDescription: false,
        modeSwitch: true,
        register: true,
        helpCk: true,
        openInNewWindow: false,
      },
      clientKey: CLIENT_KEY,
      safeSwitch: false,
      loginCaptcha: 'risk',
      registerOpen: true,
      customerServiceUrl: 'https://cs.example/chat',
      ...patch,
    },
  };
}

export interface Recorded {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

type Answer = { status_code: number; data?: unknown; message?: string; http?: number };
type Handler = Answer | ((body: Record<string, unknown>, req: Recorded) => Answer | Promise<Answer>);

/**
 * Route fetch by the API path's last segments (e.g. 'user/login'). Unrouted calls answer 6004.
 * preInfo answers `site` unless routed. Returns the list of recorded requests.
 */
export function mockApi(routes: Record<string, Handler>, site: PreInfo = preInfo()): Recorded[] {
  resetSiteForTests(site);
  const calls: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url);
      const rec: Recorded = { path, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body ?? '{}')) };
      calls.push(rec);
      const key = Object.keys(routes).find((k) => path.endsWith(k));
      const h = key
        ? routes[key]!
        : path.endsWith('preInfo')
          ? { status_code: 6000, data: site }
          : { status_code: 6004, message: '数据未找到' };
      const a = typeof h === 'function' ? await h(rec.body, rec) : h;
      return new Response(
        JSON.stringify({
          status_code: a.status_code,
          data: a.data ?? null,
          message: a.message ?? (a.status_code === 6000 ? '成功' : '错误'),
        }),
        {
          status: a.http ?? 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
  return calls;
}

export const ok = (data: unknown = null): Answer => ({ status_code: 6000, data });
export const fail = (status_code: number, message: string, data: unknown = null): Answer => ({ status_code, message, data });

export function Wrap({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
          <AntApp>{children}</AntApp>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

export const MEMBER = {
  userId: 'u1',
  name: 'abc123',
  siteCode: 7000,
  phone: null,
  areaCode: null,
  email: null,
  realName: null,
  bindPhone: false,
  bindEmail: false,
  bindRealName: false,
  hasSecondPassword: false,
  gender: null,
  birthday: null,
  registerDate: '2026-01-01',
  lastLoginAt: null,
  vipGrade: 0,
  securityLevel: 20,
  isPop: false,
};
