import { afterEach, describe, expect, test, vi } from 'vitest';
import { browser, goBack, goHomeAndReload, goName, openExternal, openPath, pathOf, registerNavigate } from './nav.ts';

const calls: unknown[][] = [];
const off = registerNavigate((...args) => void calls.push(args));

afterEach(() => {
  calls.length = 0;
  vi.restoreAllMocks();
});

describe('navigation helpers', () => {
  test('pathOf fills params of a named route', () => {
    expect(pathOf('accountManage', { id: 7 })).toBe('/mine/accountManage/7');
    expect(pathOf('localSport', { enName: 'crty' })).toBe('/game/sport/crty');
    expect(() => pathOf('nope' as never)).toThrow();
  });

  test('goName: params fill the path, the rest becomes the query, data travels as state', () => {
    goName('firstDeposit', { params: { id: 12, from: 'home' }, data: { banner: 1 } });
    expect(calls).toEqual([['/activity/firstDeposit/12?from=home', { replace: undefined, state: { banner: 1 } }]]);
  });

  test('openPath navigates in-app, and sends absolute urls to a new tab', () => {
    const open = vi.spyOn(browser, 'open').mockImplementation(() => {});
    openPath('mine/wallet');
    openPath('https://example.com/x');
    expect(calls).toEqual([['/mine/wallet', {}]]);
    expect(open).toHaveBeenCalledWith('https://example.com/x');
  });

  test('openExternal opens a new tab without opener', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openExternal('https://cs.example.com');
    expect(open).toHaveBeenCalledWith('https://cs.example.com', '_blank', 'noopener,noreferrer');
  });

  test('goBack steps back, or goes home when there is no history', () => {
    vi.spyOn(browser, 'historyLength').mockReturnValue(3);
    goBack();
    vi.spyOn(browser, 'historyLength').mockReturnValue(1);
    goBack();
    expect(calls).toEqual([
      [-1, undefined],
      ['/', { replace: true }],
    ]);
  });

  test('goHomeAndReload goes home then reloads', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    goHomeAndReload();
    expect(calls).toEqual([['/', { replace: true }]]);
    expect(reload).toHaveBeenCalledOnce();
  });

  test('before the router mounts, a path is a full page load', () => {
    off();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    openPath('/sponsor');
    expect(assign).toHaveBeenCalledWith('/sponsor');
  });
});
