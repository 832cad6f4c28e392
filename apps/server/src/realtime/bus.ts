/**
 * The pub/sub seam of the realtime hub: a message published on a topic reaches every subscriber of
 * that topic on every node. In memory when there is no REDIS_URL (one node); Redis pub/sub otherwise,
 * so several nodes behind a load balancer fan out the same changes to their own sockets.
 *
 * Payloads are strings (already-serialized JSON): the hub serializes a change once and every node
 * forwards it as is. Delivery is at most once (Redis pub/sub): a message published while a node is
 * disconnected from Redis is lost to that node — clients recover through versions (resync on
 * subscribe), never through the bus.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

export type BusHandler = (payload: string) => void;

export interface Bus {
  /** Every node (this one included) receives it. */
  publish(topic: string, payload: string): Promise<void>;
  /** This node only: for sources every node has itself (a deterministic feed), sharing would only duplicate. */
  publishLocal(topic: string, payload: string): void;
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
  /**
   * Redis only: told false when this node's subscribing connection dropped (messages published meanwhile are
   * lost to it), true once it is back and every subscription is confirmed again. Caches kept fresh by the bus
   * (modules/user/sessionSync.ts) stop trusting themselves while it is false.
   */
  onLink?(listener: (up: boolean) => void): () => void;
  /** Resolves once every subscription so far is confirmed (Redis; in memory at once). */
  ready?(): Promise<void>;
}

export class MemoryBus implements Bus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  async publish(topic: string, payload: string): Promise<void> {
    this.publishLocal(topic, payload);
  }

  publishLocal(topic: string, payload: string): void {
    this.emitter.emit(topic, payload);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub: `publisher` is the node's shared connection; a subscribing connection cannot issue
 * other commands, so this bus keeps its own duplicate for SUBSCRIBE. Channels are `${prefix}:${topic}`
 * (the prefix separates deployments and test runs sharing one Redis).
 */
export class RedisBus implements Bus {
  private readonly local = new MemoryBus();
  private readonly sub: Redis;
  private readonly counts = new Map<string, number>();
  private readonly links = new Set<(up: boolean) => void>();
  private linked = false;

  constructor(
    private readonly publisher: Redis,
    private readonly prefix: string,
  ) {
    this.sub = publisher.duplicate();
    this.sub.on('error', () => undefined); // ioredis reconnects by itself; errors are logged by the main connection
    this.sub.on('message', (channel: string, payload: string) => {
      if (channel.startsWith(`${this.prefix}:`)) this.local.publishLocal(channel.slice(this.prefix.length + 1), payload);
    });
    // ioredis resubscribes by itself after a reconnect; the link counts as up once our subscriptions are confirmed.
    this.sub.on('ready', () => {
      this.ready().then(
        () => this.link(true),
        () => undefined,
      );
    });
    this.sub.on('close', () => this.link(false));
  }

  private link(up: boolean): void {
    if (up === this.linked) return;
    this.linked = up;
    for (const l of this.links) l(up);
  }

  onLink(listener: (up: boolean) => void): () => void {
    this.links.add(listener);
    if (this.linked) listener(true);
    return () => this.links.delete(listener);
  }

  async publish(topic: string, payload: string): Promise<void> {
    await this.publisher.publish(`${this.prefix}:${topic}`, payload);
  }

  publishLocal(topic: string, payload: string): void {
    this.local.publishLocal(topic, payload);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    const n = this.counts.get(topic) ?? 0;
    this.counts.set(topic, n + 1);
    if (n === 0) void this.sub.subscribe(`${this.prefix}:${topic}`).catch(() => undefined);
    const off = this.local.subscribe(topic, handler);
    return () => {
      off();
      const left = (this.counts.get(topic) ?? 1) - 1;
      if (left > 0) return void this.counts.set(topic, left);
      this.counts.delete(topic);
      void this.sub.unsubscribe(`${this.prefix}:${topic}`).catch(() => undefined);
    };
  }

  /** Resolves once Redis confirmed every subscription so far (tests publish right after). */
  async ready(): Promise<void> {
    await Promise.all([...this.counts.keys()].map((t) => this.sub.subscribe(`${this.prefix}:${t}`)));
  }

  async close(): Promise<void> {
    await this.local.close();
    await this.sub.quit().catch(() => undefined);
  }
}

export function createBus(redis: Redis | null, prefix: string): Bus {
  return redis ? new RedisBus(redis, prefix) : new MemoryBus();
}
