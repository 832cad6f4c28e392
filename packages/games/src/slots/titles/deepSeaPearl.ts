import type { SlotDef } from '../types.ts';
import { strip, symbol } from './common.ts';

/** H5004 深海明珠: 243 ways, wild on reels 2–4, 12 free spins at ×5 with retrigger (+12, at most 60). High volatility. */
export const DEEP_SEA_PEARL: SlotDef = {
  code: 'H5004',
  names: { 'zh-CN': '深海明珠', 'zh-TW': '深海明珠' },
  theme: { 'zh-CN': '潜入深海寻找夜明珠，珊瑚百搭，宝箱开启免费旋转', 'zh-TW': '潛入深海尋找夜明珠，珊瑚百搭，寶箱開啟免費旋轉' },
  symbols: [
    symbol('WLD', 'wild', '珊瑚', '珊瑚', [0, 0, 0, 0, 0, 0]),
    symbol('SCT', 'scatter', '宝箱', '寶箱', [0, 0, 0, 3, 10, 50]),
    symbol('PRL', 'regular', '夜明珠', '夜明珠', [0, 0, 0, 50, 300, 2500]),
    symbol('TRT', 'regular', '海龟', '海龜', [0, 0, 0, 40, 120, 500]),
    symbol('JLY', 'regular', '水母', '水母', [0, 0, 0, 30, 80, 300]),
    symbol('SHL', 'regular', '海螺', '海螺', [0, 0, 0, 20, 50, 150]),
    symbol('STR', 'regular', '海星', '海星', [0, 0, 0, 5, 15, 50]),
    symbol('FSH', 'regular', '小丑鱼', '小丑魚', [0, 0, 0, 3, 8, 30]),
    symbol('WEED', 'regular', '海草', '海草', [0, 0, 0, 2, 5, 20]),
  ],
  // Tuned by src/rtp/design.ts from plans/h5004.json to the declared RTP, every listed pay reachable (夜明珠 on
  // reel 1); exact figures and each pay's probability: `npm run games:rtp`.
  reels: [
    strip('FSH TRT WEED STR JLY SHL FSH WEED STR PRL WEED SHL SCT FSH TRT STR WEED SHL FSH STR TRT WEED FSH JLY SHL STR WEED FSH'),
    strip('WEED FSH STR SHL JLY WEED FSH TRT WLD STR SHL WEED FSH JLY STR PRL WEED PRL SCT SHL STR FSH WEED JLY TRT SHL STR WEED FSH'),
    strip('STR WEED JLY FSH JLY TRT WEED STR SCT STR WLD SHL PRL JLY WEED PRL WEED STR SHL FSH WEED STR JLY FSH TRT STR SHL WEED STR'),
    strip('WEED FSH SHL STR JLY FSH WEED STR SHL TRT WEED FSH JLY STR SCT FSH TRT PRL SHL FSH STR WLD WEED JLY TRT STR FSH WEED SHL'),
    strip('WEED STR FSH SHL TRT JLY WEED FSH STR FSH PRL WEED JLY STR WEED SCT PRL FSH SHL TRT STR FSH WEED JLY SHL STR WEED FSH'),
  ],
  mode: { kind: 'ways' },
  coinsPerBet: 50,
  freeSpins: { awards: [0, 0, 0, 12, 12, 12], retriggerAwards: [0, 0, 0, 12, 12, 12], multiplier: 5, maxSpins: 60 },
  betLevelsFen: [50, 100, 200, 500, 1000, 2000, 5000],
  declaredRtpPct: 94.0,
  volatility: 'high',
};
