/**
 * The e-sports titles the house book trades (each its own game type) and their leagues. Titles are named as
 * players know them (the text only; every icon is our own art); leagues and teams are our own invention,
 * strongest first (catalog.ts strength: falls with the index).
 *
 *  - MOBA titles (EL, EK, ED): a map is a fight for gold — kills, towers, dragons (big monsters); the side ahead
 *    on gold when the base falls wins.
 *  - Tactical shooters (EC, EV): a map is a race to 13 rounds (win by two in overtime from 12–12); pistol rounds
 *    open each half, and the round after a pistol round leans hard to its winner (the loser's economy is broken).
 */
export type EsportsCode = 'EL' | 'EK' | 'ED' | 'EC' | 'EV';
export const ESPORTS_CODES: readonly EsportsCode[] = ['EL', 'EK', 'ED', 'EC', 'EV'];

export interface MobaRules {
  kind: 'moba';
  /** Mean map length (minutes); a map runs 0.8–1.2 of it. */
  minutes: number;
  /** Kills per minute, both sides. */
  killsPerMin: number;
  /** Towers per minute after the laning phase (from minute `towerFrom`). */
  towersPerMin: number;
  towerFrom: number;
  /** A dragon every `dragonEvery` minutes from minute `dragonEvery`. */
  dragonEvery: number;
}

export interface TacticalRules {
  kind: 'tactical';
  /** Rounds to win a map (13: twelve a half, overtime from 12–12 won by two). */
  toWin: number;
  /** Mean round length (seconds). */
  roundSec: number;
}

export interface Title {
  code: EsportsCode;
  name: string;
  /** The first objective market's name (first tower, or first to five rounds). */
  objective: string;
  rules: MobaRules | TacticalRules;
}

export const TITLES: Readonly<Record<EsportsCode, Title>> = {
  EL: {
    code: 'EL',
    name: '英雄联盟',
    objective: '首座防御塔',
    rules: { kind: 'moba', minutes: 32, killsPerMin: 0.8, towersPerMin: 0.35, towerFrom: 9, dragonEvery: 5 },
  },
  EK: {
    code: 'EK',
    name: '王者荣耀',
    objective: '首座防御塔',
    rules: { kind: 'moba', minutes: 18, killsPerMin: 1.7, towersPerMin: 0.6, towerFrom: 4, dragonEvery: 4 },
  },
  ED: {
    code: 'ED',
    name: 'DOTA2',
    objective: '首座防御塔',
    rules: { kind: 'moba', minutes: 38, killsPerMin: 1.4, towersPerMin: 0.3, towerFrom: 11, dragonEvery: 10 },
  },
  EC: { code: 'EC', name: 'CS2', objective: '先赢5回合', rules: { kind: 'tactical', toWin: 13, roundSec: 110 } },
  EV: { code: 'EV', name: '无畏契约', objective: '先赢5回合', rules: { kind: 'tactical', toWin: 13, roundSec: 100 } },
};

/** [id, name, game type, best of, teams]. Teams of our own invention. */
export const ESPORTS_LEAGUES: ReadonlyArray<readonly [string, string, EsportsCode, number, string]> = [
  ['ELPL', '星穹职业联赛', 'EL', 3, '赤焰战队,北辰电竞,苍狼,银河舰队,雷霆之翼,青龙,夜枭,天穹,极光,白鲸'],
  ['ELWC', '星穹全球总决赛', 'EL', 5, '赤焰战队,北辰电竞,银河舰队,苍狼,雷霆之翼,海岸线,天穹,青龙'],
  ['EKPL', '峡谷王者职业联赛', 'EK', 5, '长风,玄武,朱雀,云梦,烈阳,星火,破晓,江湖,惊鸿,山海'],
  ['EDIN', '远古国际邀请赛', 'ED', 3, '铁壁,风暴之眼,幽影,霜狼,远航,熔岩,晨曦,蓝鲸'],
  ['ECMJ', '枪火大师赛', 'EC', 3, '黑鹰,钢铁意志,荒原狼,猎户座,极地,火线,先锋,灰烬,追光,野火'],
  ['ECBO', '枪火锦标赛 决赛', 'EC', 5, '黑鹰,钢铁意志,猎户座,荒原狼,火线,极地'],
  ['EVCH', '瞬爆冠军巡回赛', 'EV', 3, '幻影,零度,白夜,星环,疾风,暗流,赤霄,孤鸿'],
  ['EVBO', '瞬爆单图挑战赛', 'EV', 1, '幻影,零度,星环,白夜,疾风,暗流,赤霄,孤鸿'],
];

export const bestOfLeague = new Map(ESPORTS_LEAGUES.map(([id, , , bo]) => [id, bo]));

export const isEsports = (gameType: string): gameType is EsportsCode => (ESPORTS_CODES as readonly string[]).includes(gameType);
