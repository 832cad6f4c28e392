import { LINES_20, strip, symbol } from '../titles/common.ts';
import type { SlotDef } from '../types.ts';

/** Small titles for brute-force checks: few stops per reel, dense wilds and scatters so every rule is exercised. */
const symbols = [
  symbol('W', 'wild', '百搭', '百搭', [0, 0, 2, 20, 100, 500]),
  symbol('S', 'scatter', '分散', '分散', [0, 0, 1, 3, 10, 40]),
  symbol('H', 'regular', '高', '高', [0, 0, 3, 15, 60, 200]),
  symbol('M', 'regular', '中', '中', [0, 0, 0, 8, 30, 90]),
  symbol('L', 'regular', '低', '低', [0, 0, 0, 4, 10, 30]),
];

const reels = [strip('H M S L W L M'), strip('W L H S M L'), strip('M H L W S L H'), strip('L S M H W M'), strip('H L W M S L M')];

export const TINY_LINES: SlotDef = {
  code: 'T0001',
  names: { 'zh-CN': '测试线', 'zh-TW': '測試線' },
  theme: { 'zh-CN': '测试', 'zh-TW': '測試' },
  symbols,
  reels,
  mode: { kind: 'lines', lines: LINES_20 },
  coinsPerBet: 20,
  freeSpins: {
    awards: [0, 0, 0, 3, 5, 8],
    retriggerAwards: [0, 0, 0, 2, 3, 4],
    multiplier: 2,
    maxSpins: 12,
    reels: [strip('H M S L L M'), strip('W L H S M'), strip('M H L S L H'), strip('L S M H M'), strip('H L W M S L')],
  },
  betLevelsFen: [20, 100, 2000],
  declaredRtpPct: 0,
  volatility: 'low',
};

export const TINY_WAYS: SlotDef = {
  ...TINY_LINES,
  code: 'T0002',
  mode: { kind: 'ways' },
  coinsPerBet: 50,
  betLevelsFen: [50, 500],
  freeSpins: { awards: [0, 0, 0, 2, 3, 4], retriggerAwards: [0, 0, 0, 1, 1, 1], multiplier: 3, maxSpins: 6 },
};
