/**
 * Collusion signals of the PvP tables for staff (issue 31, the console's member risk screen): for one member, every
 * other member they sat with in settled hands —
 *   - often together: at least OFTEN_MIN_HANDS hands together making at least half of the member's hands (random
 *     matchmaking among many players rarely seats the same pair again and again);
 *   - chip dumping: in the hands where they sat on opposite sides (one the landlord), one lost to the other far beyond
 *     chance — the one-sided binomial probability (p = ½) of losing at least that many is under DUMP_P, with at least
 *     DUMP_MIN_HANDS such hands; the money that went across is shown;
 *   - shared device or address: the joins came from the same device id or the same address.
 * Pure over the entries (`pairSignals`) so the thresholds are tested without a database.
 */
import type { Db } from '../../../db/connect.ts';

export const OFTEN_MIN_HANDS = 5;
export const DUMP_MIN_HANDS = 6;
export const DUMP_P = 0.01;

export interface SignalEntry {
  handId: string;
  memberId: string;
  /** Won (+) or lost (−) before the rake, fen. */
  gross: number;
  ip: string;
  device: string | null;
}

export interface PairSignal {
  partnerId: string;
  hands: number;
  /** Hands on opposite sides, and how many of them the member lost to the partner. */
  opposite: number;
  lostTo: number;
  /** Money that went from the member to the partner across those hands (negative: the other way), fen. */
  flowFen: number;
  /** The chance of losing at least `lostTo` of `opposite` fair hands. */
  chance: number;
  sharedIp: boolean;
  sharedDevice: boolean;
  signals: ('often_together' | 'chip_dumping' | 'shared_ip' | 'shared_device')[];
}

/** P(X ≥ k) for X ~ Binomial(n, ½). */
export function tailHalf(n: number, k: number): number {
  if (k <= 0) return 1;
  let c = 1; // C(n, 0)
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    if (i >= k) sum += c;
    c = (c * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

/** The landlord of a hand: the seat whose |gross| is twice the others' (the farmers' are equal). */
const landlordOf = (seats: SignalEntry[]): SignalEntry => seats.reduce((a, b) => (Math.abs(b.gross) > Math.abs(a.gross) ? b : a));

/** The member's signals against everyone they sat with, strongest first. */
export function pairSignals(memberId: string, entries: readonly SignalEntry[]): PairSignal[] {
  const byHand = new Map<string, SignalEntry[]>();
  for (const e of entries) byHand.set(e.handId, [...(byHand.get(e.handId) ?? []), e]);
  const mine = entries.filter((e) => e.memberId === memberId);
  const pairs = new Map<string, PairSignal>();
  for (const m of mine) {
    const seats = byHand.get(m.handId) ?? [];
    if (seats.length !== 3) continue;
    const landlord = landlordOf(seats);
    for (const p of seats) {
      if (p.memberId === memberId) continue;
      const s = pairs.get(p.memberId) ?? {
        partnerId: p.memberId,
        hands: 0,
        opposite: 0,
        lostTo: 0,
        flowFen: 0,
        chance: 1,
        sharedIp: false,
        sharedDevice: false,
        signals: [],
      };
      s.hands += 1;
      if (m.ip === p.ip) s.sharedIp = true;
      if (m.device && m.device === p.device) s.sharedDevice = true;
      if (landlord === m || landlord === p) {
        s.opposite += 1;
        // The farmer's gross is wholly against the landlord.
        const flow = landlord === m ? p.gross : -m.gross;
        s.flowFen += flow;
        if (flow > 0) s.lostTo += 1;
      }
      pairs.set(p.memberId, s);
    }
  }
  const total = mine.length;
  const out = [...pairs.values()];
  for (const s of out) {
    s.chance = tailHalf(s.opposite, s.lostTo);
    if (s.hands >= OFTEN_MIN_HANDS && s.hands * 2 >= total) s.signals.push('often_together');
    if (s.opposite >= DUMP_MIN_HANDS && s.chance < DUMP_P && s.flowFen > 0) s.signals.push('chip_dumping');
    if (s.sharedDevice) s.signals.push('shared_device');
    if (s.sharedIp) s.signals.push('shared_ip');
  }
  return out.sort((a, b) => b.signals.length - a.signals.length || a.chance - b.chance || b.hands - a.hands);
}

/** The member's settled PvP hands and their table-mates' entries (the latest `limit` hands). */
export async function signalEntries(db: Db, memberId: string, limit = 500): Promise<SignalEntry[]> {
  const hands = await db
    .selectFrom('pvp_entries')
    .select('hand_id')
    .where('member_id', '=', memberId)
    .where('status', '=', 'settled')
    .orderBy('settled_at', 'desc')
    .limit(limit)
    .execute();
  const ids = hands.map((h) => h.hand_id).filter((x): x is string => x !== null);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('pvp_entries')
    .select(['hand_id', 'member_id', 'net', 'rake', 'ip', 'device'])
    .where('hand_id', 'in', ids)
    .where('status', '=', 'settled')
    .execute();
  return rows.map((r) => ({
    handId: r.hand_id!,
    memberId: r.member_id,
    gross: Number(r.net ?? 0) + Number(r.rake ?? 0),
    ip: r.ip,
    device: r.device,
  }));
}
