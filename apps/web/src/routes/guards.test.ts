import { describe, expect, test } from 'vitest';
import { DEFAULT_FLAGS } from '../app/site.ts';
import type { MemberInfo } from '../stores/session.ts';
import { LOGIN_WARNING, runGuards, type GuardContext } from './guards.ts';
import { matchRoute, resolveRoute } from './resolve.ts';

const user = (bindPhone: boolean, bindRealName: boolean) => ({ userId: 'u', name: 'n', bindPhone, bindRealName }) as MemberInfo;
const ctx = (o: Partial<GuardContext> = {}): GuardContext => ({ pathname: '/', token: null, user: null, flags: DEFAULT_FLAGS, ...o });

describe('named guards', () => {
  test('requireLogin: anonymous → home with the spec warning and the login tips', () => {
    expect(runGuards(['requireLogin'], ctx())).toEqual({
      kind: 'redirect',
      to: '/',
      warning: '请先登录账号，才能了解更多',
      event: 'show_login_tips',
    });
    expect(LOGIN_WARNING).toBe('请先登录账号，才能了解更多');
    expect(runGuards(['requireLogin'], ctx({ token: 't' }))).toEqual({ kind: 'pass' });
  });

  test('requireBoundPhone: needs both bound phone and real name, else /mine/auth; waits for the member', () => {
    expect(runGuards(['requireBoundPhone'], ctx()).kind).toBe('redirect');
    expect(runGuards(['requireBoundPhone'], ctx({ token: 't' }))).toEqual({ kind: 'wait', reason: 'user' });
    expect(runGuards(['requireBoundPhone'], ctx({ token: 't', user: user(true, false) }))).toEqual({ kind: 'redirect', to: '/mine/auth' });
    expect(runGuards(['requireBoundPhone'], ctx({ token: 't', user: user(false, true) }))).toEqual({ kind: 'redirect', to: '/mine/auth' });
    expect(runGuards(['requireBoundPhone'], ctx({ token: 't', user: user(true, true) }))).toEqual({ kind: 'pass' });
  });

  test('skipSport: a member on /game/sport goes straight into the sportsbook; a visitor and the flag off keep the entry page', () => {
    const skip = { ...DEFAULT_FLAGS, skipSport: true };
    expect(resolveRoute('/game/sport', { token: 't', user: null, flags: skip }).result).toEqual({
      kind: 'redirect',
      to: '/game/sport/crty',
    });
    expect(resolveRoute('/game/sport', { token: null, user: null, flags: skip }).result).toEqual({ kind: 'pass' });
    expect(resolveRoute('/game/sport', { token: 't', user: null, flags: DEFAULT_FLAGS }).result).toEqual({ kind: 'pass' });
    expect(resolveRoute('/game/sport', { token: 't', user: null, flags: null }).result).toEqual({ kind: 'wait', reason: 'site' });
    // The sportsbook itself is not redirected (no loop).
    expect(resolveRoute('/game/sport/crty', { token: 't', user: null, flags: skip }).result).toEqual({ kind: 'pass' });
  });

  test('site flag rules: /app/help/ck and /mine/savemoney are not-found when the flag is off, and wait for the site', () => {
    const off = { ...DEFAULT_FLAGS, helpCk: false, deposit: false };
    expect(resolveRoute('/app/help/ck', { token: null, user: null, flags: off }).result).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/app/help/ck', { token: null, user: null, flags: DEFAULT_FLAGS }).result).toEqual({ kind: 'pass' });
    expect(resolveRoute('/app/help/ck', { token: null, user: null, flags: null }).result).toEqual({ kind: 'wait', reason: 'site' });
    expect(resolveRoute('/mine/savemoney', { token: 't', user: null, flags: off }).result).toEqual({ kind: 'notFound' });
    // the flag rule decides before the login guard: a hidden page is hidden for everyone
    expect(resolveRoute('/mine/savemoney', { token: null, user: null, flags: off }).result).toEqual({ kind: 'notFound' });
    expect(resolveRoute('/mine/savemoney', { token: 't', user: null, flags: DEFAULT_FLAGS }).result).toEqual({ kind: 'pass' });
    expect(resolveRoute('/app/help/kh', { token: null, user: null, flags: off }).result).toEqual({ kind: 'pass' });
  });

  test('route table: spec names, login-required routes, not-found for anything unmatched', () => {
    expect(matchRoute('/').def.name).toBe('home');
    expect(matchRoute('/game/sport').def.name).toBe('sport');
    expect(matchRoute('/game/sport/crty').def.name).toBe('localSport');
    expect(matchRoute('/game/abc123').def.name).toBe('game');
    expect(matchRoute('/mine/accountManage/9').params.id).toBe('9');
    expect(matchRoute('/mine/vip/detail').def.name).toBe('vipDetail');
    expect(matchRoute('/mine/savemoney').def.name).toBe('saveMoney');
    expect(matchRoute('/redirect/mine/wallet').def.name).toBe('Redirect');
    expect(matchRoute('/activity/firstDeposit/3').def.name).toBe('firstDeposit');
    expect(matchRoute('/no/such/page').def.name).toBe('notFound');
    for (const p of ['/game/sport/crty', '/game/xyz', '/mine/wallet', '/mine/userinfo', '/redirect/x']) {
      expect(resolveRoute(p, { token: null, user: null, flags: DEFAULT_FLAGS }).result.kind, p).toBe('redirect');
    }
    for (const p of ['/mine/addBankCard', '/mine/virtualCoinCard', '/mine/alipayManage', '/mine/accountManage/1', '/mine/introTutorial']) {
      expect(matchRoute(p).def.guards, p).toEqual(['requireBoundPhone']);
    }
  });
});
