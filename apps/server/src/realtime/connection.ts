/**
 * One client socket on the hub: who it is (member, guest or not yet logged in), its subscriptions,
 * its message budget and a bounded send path. A client that cannot keep up is dropped rather than
 * allowed to grow the node's memory.
 */
import type { WebSocket } from 'ws';
import { WS_CLOSE, WS_LIMITS, type Locale, type SportFilter } from '@portal/contract';

/**
 * Bytes a socket may have queued and unsent before it is dropped: about 250 full-event pushes. A
 * healthy client on a slow mobile link drains that in seconds; one that does not is not reading.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** After the close frame, a dropped client gets this long to finish the close handshake before the TCP connection is cut. */
const TERMINATE_AFTER_MS = 2_000;
/** Client-claimed versions remembered per socket (subscriptions × versions each). */
const FLOORS_MAX = WS_LIMITS.MAX_SUBSCRIPTIONS * WS_LIMITS.MAX_VERSIONS;

export type Identity = { kind: 'member'; userId: string; name: string } | { kind: 'guest'; guestId: string };

export class Connection {
  identity: Identity | null = null;
  readonly subs = new Map<number, SportFilter>();
  /** Table subscriptions (sub → table codes) and the newest version of each table sent to this socket. */
  readonly tableSubs = new Map<number, Set<string>>();
  readonly tableSeen = new Map<string, number>();
  /** gameId → a version this client already has: nothing at or below it is sent (cleared once passed). */
  readonly floors = new Map<string, number>();
  lastHeardMs: number;
  private windowStartMs: number;
  private inWindow = 0;
  closed = false;

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    readonly ip: string,
    readonly siteCode: number,
    readonly openedAtMs: number,
    /** The language the client asked for (`lang`, else the brand's default): names in sport pushes come in it. */
    readonly locale: Locale = 'zh-CN',
  ) {
    this.lastHeardMs = openedAtMs;
    this.windowStartMs = openedAtMs;
  }

  /** Counts one client message; false once the window's budget is spent. */
  spend(nowMs: number): boolean {
    this.lastHeardMs = nowMs;
    if (nowMs - this.windowStartMs >= WS_LIMITS.WINDOW_MS) {
      this.windowStartMs = nowMs;
      this.inWindow = 0;
    }
    this.inWindow += 1;
    return this.inWindow <= WS_LIMITS.MESSAGES_PER_WINDOW;
  }

  /** Sends a serialized message; drops the client (4503) when its unsent bytes are over the bound. */
  send(json: string | Buffer): boolean {
    if (this.closed || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(WS_CLOSE.SLOW_CONSUMER, 'slow consumer');
      return false;
    }
    this.ws.send(json, { binary: false });
    return true;
  }

  sendMessage(m: { msgId: number; msgData: unknown }): boolean {
    return this.send(JSON.stringify(m));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ws.close(code, reason);
    } catch {
      // already closing
    }
    setTimeout(() => this.ws.terminate(), TERMINATE_AFTER_MS).unref();
  }

  /** Whether a push of this event version may go to this client (and passes its floor if so). */
  passes(gameId: string, version: number): boolean {
    if (this.floors.size === 0) return true;
    const floor = this.floors.get(gameId);
    if (floor === undefined) return true;
    if (version <= floor) return false;
    this.floors.delete(gameId);
    return true;
  }

  setFloor(gameId: string, version: number): void {
    const have = this.floors.get(gameId);
    if (have !== undefined && have >= version) return;
    this.floors.delete(gameId);
    this.floors.set(gameId, version);
    if (this.floors.size > FLOORS_MAX) this.floors.delete(this.floors.keys().next().value as string);
  }
}
