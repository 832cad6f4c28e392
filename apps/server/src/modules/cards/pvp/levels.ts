/**
 * The PvP 斗地主 stake levels and the rake (issue 31). A level's 底分 (base) and the multiple's cap (封顶) fix the
 * largest loss of a hand — the landlord's, 2 × base × cap — which every player's join holds on the wager path.
 * The rake is a percentage of each winner's winnings, capped per winner and hand; its rate is the brand's.
 */
export interface PvpLevel {
  code: string;
  baseFen: number;
  cap: number;
  /** The rake's cap per winner and hand (fen). */
  rakeCapFen: number;
}

export const PVP_CHANNEL = 'CRQP';
export const PVP_GAME_CODE = 'DDZ';
/** The multiple's cap: a 3-point bid with two bombs and a spring (3 × 2 × 2 × 2 = 24). */
export const PVP_CAP = 24;

export const PVP_LEVELS: readonly PvpLevel[] = [
  { code: 'DDZ1', baseFen: 100, cap: PVP_CAP, rakeCapFen: 1_000 },
  { code: 'DDZ5', baseFen: 500, cap: PVP_CAP, rakeCapFen: 5_000 },
  { code: 'DDZ20', baseFen: 2_000, cap: PVP_CAP, rakeCapFen: 20_000 },
];
/** Practice tables play for points on the first level's figures; no money. */
export const PRACTICE_LEVEL: PvpLevel = { code: 'PRACTICE', baseFen: 100, cap: PVP_CAP, rakeCapFen: 0 };

/** The rake's rate in basis points, per brand (site code); brands not listed take the default. */
export const PVP_RAKE_BP_DEFAULT = 500;
export const PVP_RAKE_BP_BY_SITE: Readonly<Record<number, number>> = { 7001: 400 };

export const rakeBpOf = (siteCode: number): number => PVP_RAKE_BP_BY_SITE[siteCode] ?? PVP_RAKE_BP_DEFAULT;
export const holdFenOf = (l: PvpLevel): number => 2 * l.baseFen * l.cap;
export const pvpLevel = (code: string): PvpLevel | undefined => PVP_LEVELS.find((l) => l.code === code);

/** Each seat's gross (units × base), the rake off each winner's gross (rate, capped), the net; the nets sum to −rake. */
export function splitHand(units: readonly number[], l: PvpLevel, rakeBp: number) {
  const seats = units.map((u) => {
    const gross = u * l.baseFen;
    const rake = gross > 0 ? Math.min(Math.floor((gross * rakeBp) / 10_000), l.rakeCapFen) : 0;
    return { gross, rake, net: gross - rake };
  });
  const rake = seats.reduce((a, s) => a + s.rake, 0);
  if (seats.reduce((a, s) => a + s.net, 0) !== -rake) throw new Error('pvp hand: the nets do not balance the rake');
  return { seats, rake };
}

/** Valid turnover (rake-based, as operators count PvP): the hand's rake shared by its three seats, the rest to the first. */
export function validShares(rake: number): number[] {
  const share = Math.floor(rake / 3);
  return [rake - 2 * share, share, share];
}
