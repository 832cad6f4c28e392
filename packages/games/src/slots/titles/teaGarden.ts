import type { SlotDef } from '../types.ts';
import { strip, symbol } from './common.ts';

/** H5002 茶园春色: 243 ways, wild on reels 2–4, scatter pays, 8/12/15 free spins at ×2, no retrigger. Low volatility. */
export const TEA_GARDEN: SlotDef = {
  code: 'H5002',
  names: { 'zh-CN': '茶园春色', 'zh-TW': '茶園春色' },
  theme: { 'zh-CN': '江南春茶满园，紫砂壶百搭，采茶篮开启免费旋转', 'zh-TW': '江南春茶滿園，紫砂壺百搭，採茶籃開啟免費旋轉' },
  symbols: [
    symbol('WLD', 'wild', '紫砂壶', '紫砂壺', [0, 0, 0, 0, 0, 0]),
    symbol('SCT', 'scatter', '采茶篮', '採茶籃', [0, 0, 0, 2, 5, 20]),
    symbol('CRN', 'regular', '白鹤', '白鶴', [0, 0, 0, 40, 100, 300]),
    symbol('CUP', 'regular', '青瓷杯', '青瓷杯', [0, 0, 0, 30, 80, 250]),
    symbol('LEAF', 'regular', '新芽', '新芽', [0, 0, 0, 25, 60, 200]),
    symbol('FAN', 'regular', '团扇', '團扇', [0, 0, 0, 20, 50, 150]),
    symbol('BAM', 'regular', '竹叶', '竹葉', [0, 0, 0, 15, 40, 100]),
    symbol('PLM', 'regular', '梅花', '梅花', [0, 0, 0, 10, 20, 60]),
    symbol('ORC', 'regular', '兰花', '蘭花', [0, 0, 0, 8, 20, 50]),
  ],
  // Tuned by src/rtp/design.ts to the declared RTP; exact figures: `npm run games:rtp`.
  reels: [
    strip('FAN BAM ORC CRN CUP PLM LEAF SCT ORC PLM BAM FAN ORC LEAF ORC PLM BAM FAN ORC LEAF LEAF CUP CRN PLM ORC BAM FAN'),
    strip('FAN BAM PLM ORC ORC PLM CUP ORC PLM SCT FAN CUP LEAF BAM PLM ORC WLD FAN ORC BAM FAN ORC CUP PLM ORC BAM LEAF FAN'),
    strip('BAM CUP BAM CRN ORC LEAF FAN ORC CUP SCT FAN BAM LEAF ORC WLD BAM CUP CRN BAM FAN ORC PLM CUP FAN BAM BAM ORC LEAF'),
    strip('ORC FAN PLM BAM LEAF CUP PLM ORC CRN CUP FAN LEAF PLM ORC WLD FAN CUP BAM PLM ORC CRN SCT BAM LEAF PLM ORC FAN CUP'),
    strip('ORC BAM PLM FAN LEAF ORC ORC PLM BAM CRN FAN CUP ORC LEAF LEAF SCT FAN FAN PLM CRN ORC LEAF CUP FAN CUP ORC PLM'),
  ],
  mode: { kind: 'ways' },
  coinsPerBet: 50,
  freeSpins: { awards: [0, 0, 0, 8, 12, 15], retriggerAwards: [0, 0, 0, 0, 0, 0], multiplier: 2, maxSpins: 15 },
  betLevelsFen: [50, 100, 200, 500, 1000, 2000, 5000],
  declaredRtpPct: 95.5,
  volatility: 'low',
};
