/**
 * A live room's match detail (video/hotLive/matchDetail): the match's live state and score from the odds feed,
 * its statistics, and an event timeline (goals, red cards, periods) this node gathers from the feed's changes
 * for the animated tracker. The feed is deterministic on every node, so every node's timeline is the same.
 */
import type { LiveRoomWire } from '@portal/contract';
import type { FeedChange, OddsFeed } from '../../providers/oddsFeed.ts';

export interface TimelineEntry {
  at: number;
  clock: string;
  kind: string;
  side: 'H' | 'C' | '';
  text: string;
}

const MAX_ENTRIES = 60;

export class MatchSource {
  private readonly timelines = new Map<string, TimelineEntry[]>();
  private readonly last = new Map<string, FeedChange['data']>();
  private off: (() => void) | null = null;

  constructor(
    readonly feed: () => OddsFeed | null,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    const f = this.feed();
    if (f && !this.off) this.off = f.onChange((c) => this.observe(c));
  }

  stop(): void {
    this.off?.();
    this.off = null;
  }

  observe(c: FeedChange): void {
    const prev = this.last.get(c.gameId);
    this.last.set(c.gameId, c.data);
    if (!prev) return;
    const d = c.data;
    const add = (kind: string, side: TimelineEntry['side'], text: string) => {
      const list = this.timelines.get(c.gameId) ?? [];
      list.push({ at: this.now(), clock: d.re_time, kind, side, text });
      this.timelines.set(c.gameId, list.slice(-MAX_ENTRIES));
    };
    if (d.sc_FT_H > prev.sc_FT_H) add('goal', 'H', `${d.sc_FT_H}-${d.sc_FT_C}`);
    if (d.sc_FT_C > prev.sc_FT_C) add('goal', 'C', `${d.sc_FT_H}-${d.sc_FT_C}`);
    if ((d.redcard_H ?? 0) > (prev.redcard_H ?? 0)) add('red', 'H', '');
    if ((d.redcard_C ?? 0) > (prev.redcard_C ?? 0)) add('red', 'C', '');
    if (d.gameStatus !== prev.gameStatus) add('period', '', d.gameStatus);
  }

  timeline(gameId: string): TimelineEntry[] {
    return this.timelines.get(gameId) ?? [];
  }
}

export function matchDetail(room: LiveRoomWire, matches: MatchSource) {
  const e = room.matchId ? matches.feed()?.event(room.matchId) : null;
  if (!e) return { room, score: null, stats: [], timeline: [] };
  const d = e.data;
  return {
    room,
    score: {
      roomId: room.roomId,
      matchId: e.gameId,
      home: e.team_h,
      away: e.team_c,
      scoreH: d.sc_FT_H,
      scoreC: d.sc_FT_C,
      clock: d.re_time,
      state: d.gameStatus,
    },
    stats: [
      { label: 'goals', h: d.sc_FT_H, c: d.sc_FT_C },
      { label: 'red', h: d.redcard_H ?? 0, c: d.redcard_C ?? 0 },
      { label: 'sets', h: d.sc_set_H, c: d.sc_set_A },
    ],
    timeline: matches.timeline(e.gameId),
  };
}
