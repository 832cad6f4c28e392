/**
 * The long-run figures of the house games, from the exact math in @portal/games: each
 * RTP rounded down to 0.01% (never better than the truth), per bet where the bets differ; hit frequency,
 * volatility class and the largest payout. Slots read their precomputed SLOT_FIGURES; tables and draws enumerate
 * once per process.
 */
import type { LongRunFigures } from '@portal/contract';
import { bpText, slotGameFigures, tableFigures, titleByCode, type GameFigures } from '@portal/games';
import { tableConfig } from '../tables/config.ts';

function figuresOf(code: string): GameFigures | null {
  const def = titleByCode(code);
  if (def) return slotGameFigures(def);
  const t = tableConfig(code);
  return t ? tableFigures(t.kind, t.variant ?? 'commission') : null;
}

const cache = new Map<string, LongRunFigures | null>();

/** A house game's figures as the lobby and the help show them, or null for a game we do not run. */
export function houseFigures(code: string): LongRunFigures | null {
  if (cache.has(code)) return cache.get(code)!;
  const f = figuresOf(code);
  const out: LongRunFigures | null = f && {
    rtp: f.rtpMinBp === f.rtpMaxBp ? bpText(f.rtpMinBp) : `${bpText(f.rtpMinBp)}–${bpText(f.rtpMaxBp)}`,
    hitRate: bpText(f.main.hitBp),
    volatility: f.main.volatility,
    maxPayX: Math.max(...f.bets.map((b) => b.maxPayX)),
    bets:
      f.bets.length > 1
        ? f.bets.map((b) => ({
            key: b.key,
            name: b.name,
            rtp: bpText(b.rtpBp),
            hitRate: bpText(b.hitBp),
            volatility: b.volatility,
            maxPayX: b.maxPayX,
          }))
        : [],
  };
  cache.set(code, out);
  return out;
}
