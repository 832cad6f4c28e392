import type { SlotDef } from '../types.ts';
import { LINES_20, strip, symbol } from './common.ts';

/** H5001 翠龙献瑞: 20 lines, wild with its own pays, scatter pays and 10/15/20 free spins at ×2 with retrigger. */
export const JADE_DRAGON: SlotDef = {
  code: 'H5001',
  names: { 'zh-CN': '翠龙献瑞', 'zh-TW': '翠龍獻瑞' },
  theme: { 'zh-CN': '玉雕青龙守护宝门，龙珠百变，玉玺开启免费旋转', 'zh-TW': '玉雕青龍守護寶門，龍珠百變，玉璽開啟免費旋轉' },
  symbols: [
    symbol('WLD', 'wild', '龙珠', '龍珠', [0, 0, 0, 50, 250, 1000]),
    symbol('SCT', 'scatter', '玉玺', '玉璽', [0, 0, 0, 2, 10, 50]),
    symbol('DRG', 'regular', '青龙', '青龍', [0, 0, 0, 40, 150, 600]),
    symbol('PHX', 'regular', '凤凰', '鳳凰', [0, 0, 0, 30, 100, 400]),
    symbol('RUY', 'regular', '如意', '如意', [0, 0, 0, 20, 60, 250]),
    symbol('ING', 'regular', '元宝', '元寶', [0, 0, 0, 15, 40, 150]),
    symbol('PEI', 'regular', '玉佩', '玉珮', [0, 0, 0, 10, 25, 100]),
    symbol('YUN', 'regular', '祥云', '祥雲', [0, 0, 0, 8, 20, 80]),
    symbol('QIAN', 'regular', '铜钱', '銅錢', [0, 0, 0, 5, 15, 60]),
    symbol('LIAN', 'regular', '莲花', '蓮花', [0, 0, 0, 5, 10, 50]),
  ],
  // Tuned by src/rtp/design.ts to the declared RTP; exact figures: `npm run games:rtp`.
  reels: [
    strip('LIAN RUY QIAN DRG PHX PEI YUN SCT ING QIAN LIAN PEI WLD YUN ING QIAN RUY ING PHX QIAN RUY YUN LIAN RUY DRG YUN ING PEI PEI YUN'),
    strip(
      'QIAN LIAN PEI PHX PEI DRG RUY WLD QIAN PHX PHX SCT PEI YUN PEI RUY QIAN ING YUN DRG PEI WLD QIAN PHX LIAN RUY ING QIAN PEI QIAN YUN',
    ),
    strip(
      'LIAN PEI QIAN DRG YUN WLD RUY SCT ING PHX PEI QIAN DRG PEI DRG QIAN LIAN RUY PEI YUN DRG WLD QIAN LIAN PEI RUY DRG ING YUN LIAN QIAN',
    ),
    strip(
      'ING QIAN PHX RUY YUN PEI ING DRG QIAN QIAN WLD YUN DRG ING LIAN RUY QIAN RUY RUY LIAN QIAN PHX ING SCT DRG RUY PEI WLD QIAN YUN LIAN',
    ),
    strip(
      'QIAN PEI PEI PHX PHX RUY LIAN PEI DRG QIAN WLD PHX YUN ING RUY LIAN QIAN SCT PEI QIAN YUN LIAN RUY DRG ING QIAN PEI LIAN DRG DRG',
    ),
  ],
  mode: { kind: 'lines', lines: LINES_20 },
  coinsPerBet: 20,
  freeSpins: { awards: [0, 0, 0, 10, 15, 20], retriggerAwards: [0, 0, 0, 10, 15, 20], multiplier: 2, maxSpins: 50 },
  betLevelsFen: [20, 40, 100, 200, 500, 1000, 2000],
  declaredRtpPct: 96.0,
  volatility: 'medium',
};
