/**
 * Toast helpers usable outside React (the request layer, stores). DialogRoot registers the antd
 * message instance from its context (theme and locale apply); before that the static API is used.
 * `notify.toast*` are the bottom toasts of spec §2 (bus 'toast').
 */
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { bus } from '../../app/events.ts';

let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

const api = (): Pick<MessageInstance, 'success' | 'error' | 'info' | 'warning' | 'loading'> => instance ?? message;

export const notify = {
  success: (text: string) => void api().success(text),
  error: (text: string) => void api().error(text),
  info: (text: string) => void api().info(text),
  warning: (text: string) => void api().warning(text),
  toast: (type: 'info' | 'error' | 'success', text: string) => bus.emit('toast', { type, text }),
};
