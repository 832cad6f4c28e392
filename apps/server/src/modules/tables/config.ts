/**
 * The house's shared tables and lottery draws: which tables run, their rhythm and their limits.
 * Tables are the deployment's (one round of BAC1 is the same round for every brand); each brand lists them in its
 * catalogue (casino_games) and may hide or close them there.
 */
import { tableBetTypes, tableFigures, type TableKind } from '@portal/games';

export const HOUSE_TABLES_ZR = 'CRZR';
export const HOUSE_LOTTERY_CP = 'CRCP';
/** 棋牌: the house-banked 百人 tables (百人牛牛, 二八杠: packages/games/src/cards), on the same round engine. */
export const HOUSE_CARDS_QP = 'CRQP';
export const TABLE_VENUES: readonly string[] = [HOUSE_TABLES_ZR, HOUSE_LOTTERY_CP, HOUSE_CARDS_QP];

export interface TableConfig {
  code: string;
  channelCode: string;
  category: 'ZR' | 'CP' | 'QP';
  kind: TableKind;
  variant: 'commission' | 'noCommission' | null;
  names: { 'zh-CN': string; 'zh-TW': string };
  /** Card, dice and wheel tables: the betting window, then the reveal's steps `stepMs` apart, then `resultMs` shown. */
  bettingMs: number;
  stepMs: number;
  resultMs: number;
  /** Lottery: a draw every intervalMs (on the clock), bets closing lockMs before it. */
  intervalMs: number | null;
  lockMs: number | null;
  /** Stakes per member and round, per limit group (fen). */
  limits: Record<string, { min: number; max: number }>;
  sort: number;
}

const CARD_LIMITS = { main: { min: 1_000, max: 5_000_000 }, side: { min: 1_000, max: 500_000 } };
const DICE_LIMITS = { main: { min: 1_000, max: 2_000_000 }, side: { min: 1_000, max: 200_000 } };
const WHEEL_LIMITS = { outside: { min: 1_000, max: 2_000_000 }, inside: { min: 1_000, max: 100_000 } };
const LOTTERY_LIMITS = { main: { min: 200, max: 1_000_000 } };
/** 百人牛牛: on the deposit (5 × the 底注), whole yuan; 二八杠 on the stake. */
const QP_LIMITS = { main: { min: 1_000, max: 2_500_000 } };

const table = (code: string, kind: TableKind, cn: string, tw: string, sort: number, extra: Partial<TableConfig> = {}): TableConfig => ({
  code,
  channelCode: HOUSE_TABLES_ZR,
  category: 'ZR',
  kind,
  variant: null,
  names: { 'zh-CN': cn, 'zh-TW': tw },
  bettingMs: 15_000,
  stepMs: 1_000,
  resultMs: 4_000,
  intervalMs: null,
  lockMs: null,
  limits: kind === 'sicbo' ? DICE_LIMITS : kind === 'roulette' ? WHEEL_LIMITS : CARD_LIMITS,
  sort,
  ...extra,
});

const draw = (code: string, kind: TableKind, cn: string, tw: string, intervalMs: number, sort: number): TableConfig => ({
  ...table(code, kind, cn, tw, sort),
  channelCode: HOUSE_LOTTERY_CP,
  category: 'CP',
  stepMs: 600,
  resultMs: 0,
  intervalMs,
  lockMs: 5_000,
  limits: LOTTERY_LIMITS,
});

/** A 棋牌 table: its hands shown one a second (four or three spots, then the banker), the result 4 s. */
const cards = (code: string, kind: TableKind, cn: string, tw: string, sort: number): TableConfig => ({
  ...table(code, kind, cn, tw, sort),
  channelCode: HOUSE_CARDS_QP,
  category: 'QP',
  limits: QP_LIMITS,
});

export const TABLES: readonly TableConfig[] = [
  table('BAC1', 'baccarat', '百家乐 1号桌', '百家樂 1號桌', 1, { variant: 'commission' }),
  table('BAC2', 'baccarat', '百家乐 2号桌', '百家樂 2號桌', 2, { variant: 'commission' }),
  table('BAC3', 'baccarat', '免佣百家乐', '免傭百家樂', 3, { variant: 'noCommission' }),
  table('DT1', 'dragonTiger', '龙虎', '龍虎', 4),
  table('SB1', 'sicbo', '骰宝', '骰寶', 5),
  table('RL1', 'roulette', '欧式轮盘', '歐式輪盤', 6),
  draw('K3', 'k3', '极速快三', '極速快三', 60_000, 1),
  draw('D5', 'digit5', '五星彩', '五星彩', 120_000, 2),
  draw('RC10', 'race10', '极速赛车', '極速賽車', 60_000, 3),
  cards('NN1', 'niuniu', '百人牛牛', '百人牛牛', 1),
  cards('P28', 'pai28', '百人二八杠', '百人二八槓', 2),
  cards('SG1', 'sangong', '百人三公', '百人三公', 3),
];

const BY_CODE = new Map(TABLES.map((t) => [t.code, t]));
export const tableConfig = (code: string): TableConfig | undefined => BY_CODE.get(code);

/** Testing and benches shorten the rhythm: `TABLE_SPEED=10` runs every timing ten times faster. */
export function scaled(t: TableConfig, speed: number): TableConfig {
  if (speed === 1) return t;
  const s = (ms: number) => Math.max(50, Math.round(ms / speed));
  return {
    ...t,
    bettingMs: s(t.bettingMs),
    stepMs: s(t.stepMs),
    resultMs: t.resultMs === 0 ? 0 : s(t.resultMs),
    intervalMs: t.intervalMs === null ? null : s(t.intervalMs),
    lockMs: t.lockMs === null ? null : s(t.lockMs),
  };
}

/** The reveal's length: its steps one `stepMs` apart (a new shoe's burn is one more step). */
export const revealMs = (t: TableConfig, steps: number): number => steps * t.stepMs;

/** The table's catalogue RTP: the exact return of its lowest-returning bet, rounded down. */
export const declaredRtpBp = (t: TableConfig): number => tableFigures(t.kind, t.variant ?? 'commission').rtpMinBp;

export { tableBetTypes };
