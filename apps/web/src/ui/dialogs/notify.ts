/**
 * Toast helpers usable outside React (stores, dialogs). The shell's DialogRoot registers the antd
 * message instance from its context (theme and locale apply); before that antd's static API is
 * loaded on first use (it is not part of the first paint). `notify.toast*` are the bottom toasts of
 * spec §2 (bus 'toast'). The request layer does not import this: it emits bus 'notice', which the
 * shell shows here.
 */
import type { MessageInstance } from 'antd/es/message/interface';
import { bus } from '../../app/events.ts';

type Kind = 'success' | 'error' | 'info' | 'warning';

let instance: MessageInstance | null = null;

export function registerMessageApi(api: MessageInstance | null): void {
  instance = api;
}

function show(kind: Kind, text: string): void {
  if (instance) {
    void instance[kind](text);
    return;
  }
  void import('antd/es/message').then(({ default: message }) => void (instance ?? message)[kind](text));
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
  toast: (type: 'info' | 'error' | 'success', text: string) => bus.emit('toast', { type, text }),
};
