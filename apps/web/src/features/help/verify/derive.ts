/**
 * The verification page's pure part: re-derive a slot round, a card hand, a dice/wheel round or a
 * lottery draw from its seeds with the very code the server uses (@portal/games), and say what came out. Each
 * answer carries `summary`, a plain text of the outcome a player compares with the record.
 */
import { cardsRoundSummary } from '../../cards/summary.ts';
import {
  cardName,
  drawTableRound,
  handFromShoe,
  seedCommitment,
  seedMatchesChain,
  tableRoundSeeds,
  titleByCode,
  verifyRound,
  type TableKind,
} from '@portal/games';

export interface Derived {
  summary: string;
  /** SHA-256 of the seed as given (hex text → UTF-8 → SHA-256 → lowercase hex). */
  seedHash: string;
  /** The commitment given matches the seed (null: none given). */
  hashOk: boolean | null;
  /** Lottery: the seed hashes forward to the chain's anchor (null: no chain given). */
  chainOk?: boolean | null;
}

const hashCheck = (seed: string, hash: string) => (hash.trim() ? seedCommitment(seed) === hash.trim().toLowerCase() : null);
const cards = (cs: readonly number[]) => cs.map(cardName).join(' ');

export function deriveSlot(i: {
  gameCode: string;
  betYuan: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  hash: string;
}): Derived {
  const def = titleByCode(i.gameCode);
  if (!def) throw new RangeError('gameCode');
  const betFen = Math.round(Number(i.betYuan) * 100);
  const v = verifyRound({ gameCode: i.gameCode, betFen, serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: Number(i.nonce) });
  const o = v.outcome;
  const summary = `stops ${o.base.stops.join(',')} | win ${(o.totalWinFen / 100).toFixed(2)} | free spins ${o.freeSpinsAwarded}`;
  return { summary, seedHash: v.serverSeedHash, hashOk: hashCheck(i.serverSeed, i.hash) };
}

export function deriveCards(i: {
  kind: 'baccarat' | 'dragonTiger';
  seed: string;
  shoeNo: string;
  hand: string;
  start: string;
  hash: string;
}): Derived {
  const r = handFromShoe(i.kind, i.seed, Number(i.shoeNo), Number(i.hand), Number(i.start));
  const h = (r.outcome as unknown as { hand: { player?: number[]; banker?: number[]; dragon?: number; tiger?: number; winner: string } })
    .hand;
  const summary =
    i.kind === 'baccarat'
      ? `P ${cards(h.player!)} | B ${cards(h.banker!)} | ${h.winner}`
      : `D ${cardName(h.dragon!)} | T ${cardName(h.tiger!)} | ${h.winner}`;
  return { summary, seedHash: seedCommitment(i.seed), hashOk: hashCheck(i.seed, i.hash) };
}

export function deriveDraw(i: {
  kind: Exclude<TableKind, 'baccarat' | 'dragonTiger'>;
  table: string;
  seq: string;
  seed: string;
  hash: string;
  chainFrom?: string;
  chainTo?: string;
  anchor?: string;
}): Derived {
  const seq = Number(i.seq);
  const o = drawTableRound(i.kind, tableRoundSeeds(i.seed, i.table.trim(), seq), null).outcome as Record<string, unknown>;
  if (o.kind === 'niuniu' || o.kind === 'pai28' || o.kind === 'sangong') {
    // 棋牌 tables: each hand (banker first) and each spot's result.
    return { summary: cardsRoundSummary(o), seedHash: seedCommitment(i.seed), hashOk: hashCheck(i.seed, i.hash), chainOk: null };
  }
  const numbers = (o.dice ?? o.digits ?? o.order ?? [o.pocket]) as number[];
  const chainOk =
    i.anchor && i.anchor.trim()
      ? seedMatchesChain(i.seed, seq, { fromSeq: Number(i.chainFrom), toSeq: Number(i.chainTo), anchor: i.anchor.trim() })
      : null;
  return { summary: numbers.join(','), seedHash: seedCommitment(i.seed), hashOk: hashCheck(i.seed, i.hash), chainOk };
}
