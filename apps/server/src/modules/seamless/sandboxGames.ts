/**
 * The sandbox aggregator's own games (dev only): three simple round games it hosts on its test page
 * (devRoutes.ts, GET /dev/seamless/play) and plays through our seamless-wallet callbacks. They stand in for
 * a third party's games: the outcome is drawn on the aggregator's side by a CSPRNG (node:crypto randomInt),
 * nothing looks at the stake, the player or the house. Each kind's RTP is exact by enumeration
 * (`exactRtp`) and at most 98%; the catalogue declares it (catalogue.ts).
 */
import { randomInt } from 'node:crypto';
import type { Locale } from '@portal/contract';

export type SandboxGameKind = 'card' | 'dice' | 'wheel';

/** Multipliers in hundredths of the stake (195 = 1.95×); a payout is floor(stake × m / 100) fen. */
const CARD_WIN = 195;
const CARD_PUSH = 100;
const DICE_TARGET = 8;
const DICE_WIN = 235;
/** The wheel's 20 segments: 11 grey ×0, 5 blue ×1.5, 3 green ×2.5, 1 gold ×4.5. */
export const WHEEL: readonly { colour: 'grey' | 'blue' | 'green' | 'gold'; multiplier: number }[] = [
  ...Array.from({ length: 11 }, () => ({ colour: 'grey' as const, multiplier: 0 })),
  ...Array.from({ length: 5 }, () => ({ colour: 'blue' as const, multiplier: 150 })),
  ...Array.from({ length: 3 }, () => ({ colour: 'green' as const, multiplier: 250 })),
  { colour: 'gold' as const, multiplier: 450 },
];

export type SandboxDraw =
  { kind: 'card'; player: number; dealer: number } | { kind: 'dice'; dice: [number, number] } | { kind: 'wheel'; segment: number };

/** The draw's multiplier (hundredths). */
export function multiplierOf(d: SandboxDraw): number {
  switch (d.kind) {
    case 'card':
      return d.player > d.dealer ? CARD_WIN : d.player === d.dealer ? CARD_PUSH : 0;
    case 'dice':
      return d.dice[0] + d.dice[1] >= DICE_TARGET ? DICE_WIN : 0;
    case 'wheel':
      return WHEEL[d.segment]!.multiplier;
  }
}

/** Every equally likely draw of a kind (for the exact RTP). */
function everyDraw(kind: SandboxGameKind): SandboxDraw[] {
  const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  switch (kind) {
    case 'card':
      return range(13).flatMap((player) => range(13).map((dealer) => ({ kind, player, dealer })));
    case 'dice':
      return range(6).flatMap((a) => range(6).map((b) => ({ kind, dice: [a, b] as [number, number] })));
    case 'wheel':
      return WHEEL.map((_, segment) => ({ kind, segment }));
  }
}

/** The kind's return to player, exact (before the floor of each payout to whole fen, which only lowers it). */
export function exactRtp(kind: SandboxGameKind): number {
  const draws = everyDraw(kind);
  return draws.reduce((s, d) => s + multiplierOf(d), 0) / 100 / draws.length;
}

/** One draw from the CSPRNG. */
export function draw(kind: SandboxGameKind): SandboxDraw {
  switch (kind) {
    case 'card':
      return { kind, player: randomInt(1, 14), dealer: randomInt(1, 14) };
    case 'dice':
      return { kind, dice: [randomInt(1, 7), randomInt(1, 7)] };
    case 'wheel':
      return { kind, segment: randomInt(0, WHEEL.length) };
  }
}

export const payoutOf = (stakeFen: number, d: SandboxDraw) => Math.floor((stakeFen * multiplierOf(d)) / 100);

/** The rules as the test page states them. */
export const RULES: Record<SandboxGameKind, Record<Locale, string>> = {
  card: {
    'zh-CN':
      '你和庄家各从一副 A–K 的牌中抽一张（A 最小，K 最大，抽后放回）。你的点数大于庄家：赢得投注额的 1.95 倍；点数相同：退回投注额；小于庄家：输掉投注额。理论返还率 97.69%。',
    'zh-TW':
      '你和莊家各從一副 A–K 的牌中抽一張（A 最小，K 最大，抽後放回）。你的點數大於莊家：贏得投注額的 1.95 倍；點數相同：退回投注額；小於莊家：輸掉投注額。理論返還率 97.69%。',
  },
  dice: {
    'zh-CN': '掷两颗骰子。点数之和 8 或以上：赢得投注额的 2.35 倍；7 或以下：输掉投注额。理论返还率 97.92%。',
    'zh-TW': '擲兩顆骰子。點數之和 8 或以上：贏得投注額的 2.35 倍；7 或以下：輸掉投注額。理論返還率 97.92%。',
  },
  wheel: {
    'zh-CN':
      '转盘共 20 格：11 格灰色（0 倍）、5 格蓝色（1.5 倍）、3 格绿色（2.5 倍）、1 格金色（4.5 倍），停在哪一格即按该倍数派彩。理论返还率 97.50%。',
    'zh-TW':
      '轉盤共 20 格：11 格灰色（0 倍）、5 格藍色（1.5 倍）、3 格綠色（2.5 倍）、1 格金色（4.5 倍），停在哪一格即按該倍數派彩。理論返還率 97.50%。',
  },
};
