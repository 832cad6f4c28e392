import type { SlotDef } from '../types.ts';
import { LINES_20, strip, symbol } from './common.ts';

/**
 * H5003 元宵灯会: 20 lines, wild with its own pays, 10 free spins at ×5 (retrigger +5, at most 100), and the
 * progressive pool 元宵彩池: 1% of every stake feeds it; after the base stops one draw wins it with a chance
 * proportional to the stake: 1 in 200 000 at the top bet (100 元), 1 in 20 000 000 at 1 元. Declared RTP 96.5% = game 95.5% + pool feed 1.0% (the pool pays back its feed).
 */
export const LANTERN_FESTIVAL: SlotDef = {
  code: 'H5003',
  names: { 'zh-CN': '元宵灯会', 'zh-TW': '元宵燈會' },
  theme: {
    'zh-CN': '正月十五赏花灯，花灯百搭，烟火开启免费旋转，累积彩池',
    'zh-TW': '正月十五賞花燈，花燈百搭，煙火開啟免費旋轉，累積彩池',
  },
  symbols: [
    symbol('WLD', 'wild', '花灯', '花燈', [0, 0, 0, 100, 1000, 5000]),
    symbol('SCT', 'scatter', '烟火', '煙火', [0, 0, 0, 3, 15, 100]),
    symbol('LION', 'regular', '醒狮', '醒獅', [0, 0, 0, 50, 400, 2000]),
    symbol('RIDL', 'regular', '灯谜', '燈謎', [0, 0, 0, 40, 150, 750]),
    symbol('DRUM', 'regular', '锣鼓', '鑼鼓', [0, 0, 0, 30, 100, 400]),
    symbol('YUAN', 'regular', '汤圆', '湯圓', [0, 0, 0, 20, 60, 250]),
    symbol('MOON', 'regular', '圆月', '圓月', [0, 0, 0, 8, 25, 100]),
    symbol('KNOT', 'regular', '中国结', '中國結', [0, 0, 0, 5, 15, 60]),
    symbol('CUT', 'regular', '窗花', '窗花', [0, 0, 0, 4, 10, 40]),
  ],
  // Tuned by src/rtp/design.ts to the declared RTP; exact figures: `npm run games:rtp`.
  reels: [
    strip(
      'KNOT CUT YUAN YUAN DRUM RIDL WLD DRUM MOON LION CUT KNOT RIDL RIDL DRUM MOON CUT KNOT YUAN KNOT KNOT SCT CUT MOON YUAN KNOT CUT RIDL DRUM MOON DRUM CUT',
    ),
    strip(
      'KNOT CUT MOON YUAN CUT WLD KNOT DRUM LION CUT RIDL MOON KNOT CUT YUAN KNOT CUT MOON DRUM CUT KNOT CUT MOON KNOT SCT RIDL CUT YUAN DRUM MOON CUT KNOT',
    ),
    strip(
      'CUT RIDL KNOT MOON YUAN CUT KNOT CUT RIDL KNOT MOON CUT KNOT YUAN DRUM CUT MOON SCT CUT KNOT CUT MOON WLD LION CUT KNOT MOON RIDL DRUM YUAN KNOT CUT',
    ),
    strip(
      'KNOT MOON CUT CUT DRUM KNOT YUAN RIDL RIDL WLD MOON LION CUT KNOT SCT CUT KNOT DRUM MOON YUAN CUT KNOT CUT MOON YUAN RIDL KNOT CUT DRUM KNOT MOON CUT',
    ),
    strip(
      'KNOT CUT MOON LION DRUM KNOT CUT WLD DRUM RIDL YUAN KNOT LION CUT YUAN MOON KNOT LION CUT DRUM KNOT RIDL MOON SCT CUT KNOT DRUM KNOT KNOT MOON YUAN LION',
    ),
  ],
  mode: { kind: 'lines', lines: LINES_20 },
  coinsPerBet: 20,
  freeSpins: { awards: [0, 0, 0, 10, 10, 10], retriggerAwards: [0, 0, 0, 5, 5, 5], multiplier: 5, maxSpins: 100 },
  betLevelsFen: [100, 200, 500, 1000, 2000, 5000, 10000],
  declaredRtpPct: 96.5,
  volatility: 'high',
  jackpot: { feedBasisPoints: 100, oddsOneInAtMaxBet: 200_000, seedFen: 100_000 },
};
