/**
 * The seat's shots not yet answered, each with its key (the server's idempotency key): a shot whose answer was lost
 * (no answer, a network error, a 5xx, the socket reconnecting) or that reached a node no longer holding the room
 * (6302 — the room moved: a node taking it over, a balancer sending the call elsewhere) is sent again with the SAME key
 * — the server answers a stored shot from its row (never staked twice) or judges it afresh at its own time (a fish
 * gone is refused at no cost). Before resending after a 6302 the page re-resolves the room (its state: the node that
 * answers holds the room or takes it over). Pure apart from the injected calls and timers (tests drive them).
 */
import { StatusCode } from '@portal/contract';
import { ApiError, NETWORK_ERROR } from '../../api/errors.ts';

export interface ShotOrder {
  key: string;
  fishId: string;
  level: number;
  angle: number;
}

export interface ShotQueueDeps<A> {
  send(s: ShotOrder): Promise<A>;
  /** Re-resolves the room's owner before a resend after 6302 (the room's state); its failure only delays. */
  resolve(): Promise<unknown>;
  answered(s: ShotOrder, a: A): void;
  /** A final refusal (the shot took nothing), or a shot given up after MAX_SENDS. */
  refused(s: ShotOrder, e: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
}

/** Sends of one shot at most (the first and the resends): then it is given up (the page's balance is read again). */
export const MAX_SENDS = 8;
const BACKOFF_MS = [250, 500, 1_000, 2_000, 3_000, 4_000, 5_000];

/** Worth sending again with the same key: no answer came, the server was unwell, or the room moved to another node. */
export function resendable(e: unknown): boolean {
  if (!(e instanceof ApiError)) return false;
  if (e.status_code === StatusCode.UID_VERIFICATION || e.status_code === NETWORK_ERROR) return true;
  return (
    e.httpStatus >= 500 ||
    e.status_code === StatusCode.SERVER_ERROR ||
    e.status_code === StatusCode.BAD_GATEWAY ||
    e.status_code === StatusCode.SYSTEM_BUSY
  );
}

export class ShotQueue<A> {
  /** Shots sent and not yet answered (or waiting to be sent again), by key. */
  readonly open = new Map<string, { s: ShotOrder; sends: number; waiting: boolean }>();
  private stopped = false;

  constructor(private readonly d: ShotQueueDeps<A>) {}

  get size(): number {
    return this.open.size;
  }

  fire(s: ShotOrder): void {
    this.open.set(s.key, { s, sends: 0, waiting: false });
    this.send(s.key);
  }

  /** The socket reconnected (or the browser came back online): every shot waiting for a resend goes now. */
  resendNow(): void {
    for (const [key, x] of this.open) if (x.waiting) this.send(key);
  }

  stop(): void {
    this.stopped = true;
  }

  private send(key: string): void {
    const x = this.open.get(key);
    if (!x || this.stopped) return;
    x.waiting = false;
    x.sends++;
    this.d.send(x.s).then(
      (a) => {
        if (this.open.delete(key)) this.d.answered(x.s, a);
      },
      (e: unknown) => {
        if (!this.open.has(key)) return;
        if (!resendable(e) || x.sends >= MAX_SENDS || this.stopped) {
          this.open.delete(key);
          this.d.refused(x.s, e);
          return;
        }
        x.waiting = true;
        const moved = e instanceof ApiError && e.status_code === StatusCode.UID_VERIFICATION;
        const sends = x.sends;
        this.d.setTimeout(
          () => {
            // Already resent meanwhile (resendNow): this timer is stale.
            if (!x.waiting || x.sends !== sends) return;
            if (moved)
              void this.d.resolve().then(
                () => this.send(key),
                () => this.send(key),
              );
            else this.send(key);
          },
          BACKOFF_MS[Math.min(x.sends - 1, BACKOFF_MS.length - 1)]!,
        );
      },
    );
  }
}
