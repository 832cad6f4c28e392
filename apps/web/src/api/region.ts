/**
 * Regions: a warned region (6032) is told once per browser session. The player's "go on" is kept in
 * sessionStorage and sent as x-region-ack: 1 on every later call; the question itself goes to the shell over the
 * bus (the request layer shows no UI), and concurrent 6032 answers share one question.
 */
import { bus } from '../app/events.ts';

const KEY = 'region_ack';
let acknowledged = false;

export function regionAcknowledged(): boolean {
  if (acknowledged) return true;
  try {
    return globalThis.sessionStorage?.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function acknowledge(): void {
  acknowledged = true;
  try {
    globalThis.sessionStorage?.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): this page keeps the answer in memory.
  }
}

/** Forget the answer (tests; a new session starts with the question again). */
export function resetRegionAck(): void {
  acknowledged = false;
  try {
    globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

let asking: Promise<boolean> | null = null;

/** Asks the player (through the shell) whether to go on from a warned region; true = go on (remembered). */
export function askRegionWarning(message: string): Promise<boolean> {
  asking ??= new Promise<boolean>((resolve) => {
    const answer = (goOn: boolean) => {
      asking = null;
      if (goOn) acknowledge();
      resolve(goOn);
    };
    bus.emit('region_warning', { message, onContinue: () => answer(true), onCancel: () => answer(false) });
  });
  return asking;
}
