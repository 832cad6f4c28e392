import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { bus } from '../app/events.ts';
import { Wrap, mockApi } from '../test/authTestUtils.tsx';
import { DialogRoot } from './DialogRoot.tsx';
import { browser } from '../routes/nav.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount() {
  mockApi({});
  render(
    <Wrap>
      <DialogRoot />
    </Wrap>,
  );
}

describe('DialogRoot', () => {
  test('login-required prompt: title 提示, 去登录 opens login', async () => {
    mount();
    const login = vi.fn();
    const off = bus.on('login', login);
    act(() => bus.emit('show_login_tips'));
    expect(await screen.findByText('提示')).toBeTruthy();
    expect(await screen.findByText('请先登录账号，才能了解更多')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(login).toHaveBeenCalled();
    off();
  });

  test('tips dialog defaults to 温馨提示', async () => {
    mount();
    act(() => bus.emit('show_dialog_tips', { content: '维护中' }));
    expect(await screen.findByText('温馨提示')).toBeTruthy();
    expect(await screen.findByText('维护中')).toBeTruthy();
  });

  test('confirm: cancel + confirm, loading while onOk runs; single-button mode', async () => {
    mount();
    let release!: () => void;
    const onOk = vi.fn(() => new Promise<void>((r) => (release = r)));
    act(() => bus.emit('show_confirm', { content: '确认转出？', onOk }));
    expect(await screen.findByText('温馨提示')).toBeTruthy();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*定/ }).className).toContain('loading'));
    act(() => release());
    await waitFor(() => expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull());
    act(() => bus.emit('show_confirm', { title: '单按钮', content: '只有确定', single: true }));
    expect(await screen.findByText('单按钮')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
  });

  test('loading toast 加载中... / 启动中...; bottom toasts; copy → 复制成功', async () => {
    mount();
    act(() => bus.emit('show_loading', {}));
    expect(await screen.findByText('加载中...')).toBeTruthy();
    act(() => bus.emit('show_loading', { text: '启动中...' }));
    expect(await screen.findByText('启动中...')).toBeTruthy();
    act(() => bus.emit('toast', { type: 'error', text: '转账失败' }));
    expect(await screen.findByText('转账失败')).toBeTruthy();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    act(() => bus.emit('copy', { text: 'ABC' }));
    expect(await screen.findByText('复制成功')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ABC');
  });

  test('customer service: safety notice first, then the site url in a new tab', async () => {
    mount();
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await waitFor(() => expect(document.body).toBeTruthy());
    act(() => bus.emit('open_customer_service'));
    expect(await screen.findByText(/任何线下代理/)).toBeTruthy();
    expect(await screen.findByText(/仅通过官方网站、官方App及在线客服/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '我已知晓，联系客服' }));
    expect(open).toHaveBeenCalledWith('https://cs.example/chat', '_blank', 'noopener,noreferrer');
  });

  test('6449: the server message and 去完善 to /mine/userinfo', async () => {
    mount();
    act(() => bus.emit('bind_real_name', { message: '请先绑定真实姓名' }));
    expect(await screen.findByText('请先绑定真实姓名')).toBeTruthy();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: '去完善' }));
    expect(assign).toHaveBeenCalledWith('/mine/userinfo');
  });
});
