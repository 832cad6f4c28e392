/** Bottom toasts for info, error and success (spec §2); a few at most, each fades after 2.5 s. */
import { useEffect, useState } from 'react';
import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { bus } from '../app/events.ts';

const TOAST_MS = 2500;
const MAX_TOASTS = 3;

interface Toast {
  id: number;
  type: 'info' | 'error' | 'success';
  text: string;
}

let nextId = 1;

export function BottomToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(
    () =>
      bus.on('toast', ({ type, text }) => {
        const id = nextId++;
        setToasts((list) => [...list, { id, type, text }].slice(-MAX_TOASTS));
        setTimeout(() => setToasts((list) => list.filter((x) => x.id !== id)), TOAST_MS);
      }),
    [],
  );
  return (
    <div className="bottom-toasts" aria-live="polite">
      {toasts.map((x) => (
        <div key={x.id} className={`bottom-toast bottom-toast--${x.type}`} role={x.type === 'error' ? 'alert' : 'status'}>
          {x.type === 'success' ? <CheckCircleFilled /> : x.type === 'error' ? <CloseCircleFilled /> : <InfoCircleFilled />}
          <span>{x.text}</span>
        </div>
      ))}
    </div>
  );
}

/** Copy, then the '复制成功' toast (spec §2 "copy success says copied"). */
export async function copyText(text: string, copied: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Older browsers / insecure origins: a hidden textarea and execCommand.
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand?.('copy') ?? false;
    ta.remove();
    if (!ok) return false;
  }
  bus.emit('toast', { type: 'success', text: copied });
  return true;
}
