/** Slot definitions are data: symbols, reel strips, paylines or ways, paytable, free spins, bet levels. */

export type Locale = 'zh-CN' | 'zh-TW';
export type LocalizedText = Record<Locale, string>;

export type SymbolKind = 'regular' | 'wild' | 'scatter';

export interface SlotSymbol {
  /** Short id used in reel strips, e.g. 'DRG'. */
  id: string;
  kind: SymbolKind;
  names: LocalizedText;
  /**
   * pays[count] for count = 0..5, in coins. Regular and wild: per line (lines) or per way (ways), for `count`
   * adjacent symbols from the leftmost reel. Scatter: anywhere on the grid, × total bet (coins ÷ coinsPerBet).
   */
  pays: readonly number[];
}

/** Fixed paylines (each a row index per reel, rows 0 = top) or all-ways (3^5 = 243 with three rows). */
export type SlotMode = { kind: 'lines'; lines: readonly (readonly number[])[] } | { kind: 'ways' };

export interface FreeSpinRule {
  /** Spins awarded by the number of scatters that trigger the feature in the base game (index = scatter count). */
  awards: readonly number[];
  /** Spins added by scatters during free spins (index = scatter count); all zeros = no retrigger. */
  retriggerAwards: readonly number[];
  /** Every free-spin win (lines, ways and scatter pays) is multiplied by this integer. */
  multiplier: number;
  /** Cap on the spins of one feature, retriggers included: extra spins beyond it are not awarded. */
  maxSpins: number;
  /** Reel strips of the free game (by default the base strips). */
  reels?: readonly (readonly string[])[];
}

export type VolatilityClass = 'low' | 'medium' | 'high' | 'very-high';

export interface JackpotRule {
  /** Share of every stake that feeds the pool, in basis points (100 = 1%). */
  feedBasisPoints: number;
  /**
   * The chance at the highest bet level is 1 in this. After the base stops one draw decides it:
   * rng.int(oddsOneInAtMaxBet × maxBetFen) < betFen, so the chance is proportional to the stake and every fen staked
   * has the same chance (with a chance independent of the stake, minimum bets would win a pool fed by maximum
   * bets: their return could exceed 100%). The draw exists at every stake, so the rng stream, hence the stops,
   * never depend on the stake.
   */
  oddsOneInAtMaxBet: number;
  /** The operator's seed amount the pool restarts from (operator money: not part of the game's RTP). */
  seedFen: number;
}

export interface SlotDef {
  /** Game code, H5001…: the catalogue's key. */
  code: string;
  names: LocalizedText;
  theme: LocalizedText;
  symbols: readonly SlotSymbol[];
  /** Base-game reel strips, leftmost first; a stop shows strip[stop], strip[stop+1], strip[stop+2] (wrapping). */
  reels: readonly (readonly string[])[];
  mode: SlotMode;
  /** The total bet is this many coins: lines → the number of lines (1 coin a line); ways → a declared unit. */
  coinsPerBet: number;
  freeSpins: FreeSpinRule;
  /** Allowed total bets in fen; each a multiple of coinsPerBet so every win is a whole number of fen. */
  betLevelsFen: readonly number[];
  /** Declared return to player in percent; for a jackpot title it includes the pool's feed share. */
  declaredRtpPct: number;
  volatility: VolatilityClass;
  jackpot?: JackpotRule;
}

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;
/** Highest symbol count a pay entry can name (five reels). */
export const MAX_COUNT = 5;
