/**
 * Sport odds on the realtime hub: the feed's changes become versioned pushes on the bus topic
 * `sport`, and this node keeps the newest push of every event it has seen (its resync source).
 *
 * Where changes come from. The built-in simulator is a pure function of its seed and the clock, so
 * every node computes the same events with the same versions: each node publishes its own feed's
 * changes on its local side of the bus (scope 'node'). No cross-node traffic, no leader to elect, and
 * a node keeps pushing if Redis is down. A live third-party feed has one ingest point: that node
 * publishes on the shared bus (scope 'cluster') and every node forwards. Either way the hub passes on
 * a version only if it is newer than the newest one it has seen, so a duplicate or late copy of a
 * change (two sources, a race with a resync) never reaches a client.
 */
import { matchesSportFilter, type SportEventPushWire, type SportFilter } from '@portal/contract';
import type { FeedEvent, OddsFeed } from '../providers/oddsFeed.ts';
import type { Bus } from './bus.ts';

export const SPORT_TOPIC = 'sport';
/** Newest pushes kept per node: a day's live events across the simulated sports are well under this. */
const LATEST_MAX = 5_000;

export type FeedScope = 'node' | 'cluster';

/** The push of an event; `ts` and `gameId` first so a reader can pick them out without a full parse. */
export function pushOf(e: FeedEvent, ts: number, resync: boolean): SportEventPushWire {
  return {
    ts,
    gameId: e.gameId,
    version: e.version,
    gameType: e.gameType,
    showType: e.showType,
    leagueId: e.leagueId,
    league: e.league,
    team_h: e.team_h,
    team_c: e.team_c,
    startAt: e.startAt,
    status: e.status,
    suspended: e.suspended,
    data: e.data,
    markets: e.markets,
    resync,
  };
}

export const matches = matchesSportFilter;

export interface SportEntry {
  push: SportEventPushWire;
  /** The push serialized once for every socket (with resync false). */
  json: string;
}

/** The newest version of every event this node has seen, in recency order (bounded). */
export class SportState {
  private readonly latest = new Map<string, SportEntry>();

  constructor(private readonly feed: () => OddsFeed | null) {}

  /** Keeps the push if it is newer than what this node has; answers whether it was. */
  accept(entry: SportEntry): boolean {
    const have = this.latest.get(entry.push.gameId);
    if (have && have.push.version >= entry.push.version) return false;
    this.latest.delete(entry.push.gameId);
    this.latest.set(entry.push.gameId, entry);
    if (this.latest.size > LATEST_MAX) this.latest.delete(this.latest.keys().next().value as string);
    return true;
  }

  /** The current state of one event: the newest push seen, else the node's own feed (null when neither knows it). */
  current(gameId: string): SportEventPushWire | null {
    const have = this.latest.get(gameId)?.push;
    if (have) return have;
    const e = this.feed()?.event(gameId);
    return e ? pushOf(e, Date.now(), true) : null;
  }

  /** Newest pushes matching a filter (the catch-up of a type/show-type subscription). */
  *matching(f: SportFilter): Iterable<SportEventPushWire> {
    for (const { push } of this.latest.values()) if (matches(f, push)) yield push;
  }

  get size(): number {
    return this.latest.size;
  }
}

/** Publishes every new version the feed reports as a full-event push on the bus; answers the unsubscribe. */
export function publishFeed(feed: OddsFeed, bus: Bus, scope: FeedScope, onError: (e: unknown) => void): () => void {
  return feed.onChange((c) => {
    try {
      const e = feed.event(c.gameId);
      if (!e) return;
      const json = JSON.stringify(pushOf(e, Date.now(), false));
      if (scope === 'node') bus.publishLocal(SPORT_TOPIC, json);
      else bus.publish(SPORT_TOPIC, json).catch(onError);
    } catch (err) {
      onError(err);
    }
  });
}
