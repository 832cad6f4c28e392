import type { LocalizedText, SlotDef, VolatilityClass } from './types.ts';

/** What a lobby shows of a title (the server's catalogue rows are built from this; no math inside). */
export interface SlotCatalogueEntry {
  code: string;
  names: LocalizedText;
  theme: LocalizedText;
  layout: 'lines' | 'ways';
  /** Paylines (lines) or 243 (ways). */
  lineCount: number;
  declaredRtpPct: number;
  volatility: VolatilityClass;
  betLevelsFen: readonly number[];
  minBetFen: number;
  maxBetFen: number;
  hasJackpot: boolean;
  jackpotFeedBasisPoints: number;
}

export function catalogueEntry(def: SlotDef): SlotCatalogueEntry {
  return {
    code: def.code,
    names: def.names,
    theme: def.theme,
    layout: def.mode.kind,
    lineCount: def.mode.kind === 'lines' ? def.mode.lines.length : 243,
    declaredRtpPct: def.declaredRtpPct,
    volatility: def.volatility,
    betLevelsFen: def.betLevelsFen,
    minBetFen: Math.min(...def.betLevelsFen),
    maxBetFen: Math.max(...def.betLevelsFen),
    hasJackpot: def.jackpot !== undefined,
    jackpotFeedBasisPoints: def.jackpot?.feedBasisPoints ?? 0,
  };
}
