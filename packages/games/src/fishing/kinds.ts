/**
 * Fishing (捕鱼): the fish kinds, the cannon levels and the declared RTP. Pure data shared by the server (judging),
 * the web (drawing) and the RTP harness. Every shot returns, in expectation, exactly the declared RTP of its stake
 * whatever it aims at: a fish worth V times the stake dies with probability RTP ÷ V (kill.ts, rtp.ts).
 */

/** The declared return per shot: 96.50% (a fraction num/den, so every kill chance is an exact rational). */
export const FISH_RTP_NUM = 9650;
export const FISH_RTP_DEN = 10_000;
export const FISH_RTP = FISH_RTP_NUM / FISH_RTP_DEN;

/** The ocean's virtual size (the canvas scales it); a fish is on screen when its centre is inside. */
export const OCEAN_W = 1280;
export const OCEAN_H = 720;

export type FishSpecial = 'bomb' | 'chain' | 'freeze';

export interface FishKind {
  id: string;
  names: { 'zh-CN': string; 'zh-TW': string };
  /** Pays this many stakes (stake included) when it dies; a boss draws its own from `bossMultipliers` at spawn. */
  multiplier: number;
  /** Hit radius in ocean pixels (also the drawn size). */
  radius: number;
  /** Milliseconds to cross the ocean. */
  crossMs: number;
  /** Relative spawn weight among the ordinary groups (0: never by weight — bosses and specials come on their own beat). */
  weight: number;
  /** Largest school it swims in (1: alone). */
  school: number;
  special?: FishSpecial;
  boss?: boolean;
  /** Drawing colours (the web's canvas): body, fin. */
  colors: [number, number];
}

const kind = (
  id: string,
  cn: string,
  tw: string,
  multiplier: number,
  radius: number,
  crossMs: number,
  weight: number,
  school: number,
  colors: [number, number],
  extra: Partial<FishKind> = {},
): FishKind => ({ id, names: { 'zh-CN': cn, 'zh-TW': tw }, multiplier, radius, crossMs, weight, school, colors, ...extra });

/** Fish kinds, cheapest first. Names and drawings are our own. */
export const FISH_KINDS: readonly FishKind[] = [
  kind('f2', '小黄鱼', '小黃魚', 2, 16, 11_000, 30, 6, [0xffd54a, 0xf2a33a]),
  kind('f3', '蓝尾鱼', '藍尾魚', 3, 18, 11_500, 24, 5, [0x4fc3f7, 0x1e88e5]),
  kind('f4', '绿鳍鱼', '綠鰭魚', 4, 20, 12_000, 18, 5, [0x81c784, 0x2e7d32]),
  kind('f5', '灯笼鱼', '燈籠魚', 5, 22, 12_500, 14, 4, [0xff8a65, 0xd84315]),
  kind('f6', '斑马鱼', '斑馬魚', 6, 24, 13_000, 12, 4, [0xeeeeee, 0x424242]),
  kind('f8', '河豚', '河豚', 8, 28, 13_500, 9, 3, [0xfff176, 0x8d6e63]),
  kind('f10', '蝴蝶鱼', '蝴蝶魚', 10, 30, 14_000, 8, 3, [0xba68c8, 0x6a1b9a]),
  kind('f12', '神仙鱼', '神仙魚', 12, 32, 14_500, 6, 2, [0xf06292, 0xad1457]),
  kind('f15', '海龟', '海龜', 15, 38, 16_000, 5, 2, [0x66bb6a, 0x33691e]),
  kind('f20', '魔鬼鱼', '魔鬼魚', 20, 44, 16_500, 4, 1, [0x90a4ae, 0x37474f]),
  kind('f30', '剑鱼', '劍魚', 30, 46, 15_000, 3, 1, [0x5c6bc0, 0x1a237e]),
  kind('f40', '锤头鲨', '錘頭鯊', 40, 52, 17_000, 2, 1, [0x78909c, 0x263238]),
  kind('f50', '大白鲨', '大白鯊', 50, 58, 18_000, 2, 1, [0xcfd8dc, 0x455a64]),
  kind('f80', '金蟾', '金蟾', 80, 60, 19_000, 1, 1, [0xffca28, 0xff6f00]),
  kind('f100', '银龙', '銀龍', 100, 64, 20_000, 1, 1, [0xe0e0e0, 0x9e9e9e]),
  kind('boss', '深海巨鲸', '深海巨鯨', 0, 110, 30_000, 0, 1, [0x1565c0, 0x0d47a1], { boss: true }),
  kind('bomb', '炸弹蟹', '炸彈蟹', 10, 34, 15_000, 0, 1, [0xe53935, 0x212121], { special: 'bomb' }),
  kind('chain', '闪电鳗', '閃電鰻', 10, 34, 15_000, 0, 1, [0x00e5ff, 0x6200ea], { special: 'chain' }),
  kind('freeze', '冰晶水母', '冰晶水母', 15, 34, 16_000, 0, 1, [0xb3e5fc, 0x81d4fa], { special: 'freeze' }),
];

export const fishKind = (id: string): FishKind | undefined => FISH_KINDS.find((k) => k.id === id);

/** A boss draws one of these multipliers when it appears (shown on it at once: the kill chance uses the one drawn). */
export const BOSS_MULTIPLIERS = [200, 300, 400, 500] as const;

/** Bomb: everything (but bosses and other specials) within this radius of the bomb dies with it. */
export const BOMB_RADIUS = 260;
/** Chain lightning: the nearest ordinary fish within this range, at most CHAIN_LINKS of them, die with the eel. */
export const CHAIN_RANGE = 420;
export const CHAIN_LINKS = 5;
/** A special's total value (its own and the fish it takes) never exceeds this many stakes. */
export const SPECIAL_MAX_VALUE = 300;
/** Frozen time: the ocean stops this long when a frozen-time fish dies. */
export const FREEZE_MS = 5_000;

/** Cannon levels: the stake per shot in fen. */
export const CANNON_LEVELS_FEN = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000] as const;

/** Halls of rooms, by cannon range (levels are indexes into CANNON_LEVELS_FEN). */
export interface FishHall {
  code: string;
  names: { 'zh-CN': string; 'zh-TW': string };
  minLevel: number;
  maxLevel: number;
}

export const FISH_HALLS: readonly FishHall[] = [
  { code: 'BY1', names: { 'zh-CN': '浅海新手厅', 'zh-TW': '淺海新手廳' }, minLevel: 0, maxLevel: 3 },
  { code: 'BY2', names: { 'zh-CN': '珊瑚进阶厅', 'zh-TW': '珊瑚進階廳' }, minLevel: 2, maxLevel: 6 },
  { code: 'BY3', names: { 'zh-CN': '深海富豪厅', 'zh-TW': '深海富豪廳' }, minLevel: 5, maxLevel: 9 },
];

export const fishHall = (code: string): FishHall | undefined => FISH_HALLS.find((h) => h.code === code);

/** Seats per room. */
export const FISH_SEATS = 4;
