/** Component-test kit of the e-sports pages: series in the sportsbook's answer shapes (a live MOBA map, a live shooter map, one not started). */
import type { EsportsStateWire, SportGameWire as SportGame } from '@portal/contract';
import { LIVE, game, market } from '../sport/testKit.tsx';

export function esState(over: Partial<EsportsStateWire> = {}): EsportsStateWire {
  return {
    title: 'EL',
    bestOf: 3,
    map: 2,
    live: true,
    clock: 754,
    maps: [{ winner: 'H', h: 18, c: 9 }],
    unit: 'kills',
    score: [7, 4],
    towers: [3, 1],
    dragons: [2, 0],
    gold: 3_200,
    goldHistory: [0, 150, 400, 300, 900, 1_500, 2_100, 2_800, 3_000, 3_200, 2_900, 3_100, 3_200],
    econ: null,
    lastEvent: 'kill',
    forfeit: false,
    ...over,
  };
}

const two = (type: string, name: string, k: number, h: string, c: string, r: [number, number] = [1_850, 1_950]) =>
  market(type, [
    [`${type}:${k}:H`, h, r[0]],
    [`${type}:${k}:C`, c, r[1]],
  ]);

/** A live best of 3 of title `gameType`, map 2 live (home leads 1–0 in maps), with series and map markets. */
export function liveSeries(n: number, gameType = 'EL', over: Partial<SportGame> = {}): SportGame {
  const h = `战队${n}甲`;
  const c = `战队${n}乙`;
  const moba = ['EL', 'EK', 'ED'].includes(gameType);
  return game(n, {
    ...LIVE,
    gameType,
    league: '星穹职业联赛',
    league_id: 'ELPL',
    team_h: h,
    team_c: c,
    se_now: 'M2',
    re_time: '12:34',
    sc_FT_H: 1,
    sc_FT_C: 0,
    sc_FT_A: '1-0',
    esports: esState(
      moba
        ? { title: gameType }
        : {
            title: gameType,
            unit: 'rounds',
            score: [8, 5],
            towers: [0, 0],
            dragons: [0, 0],
            gold: 0,
            goldHistory: [],
            econ: [4_200, 1_100],
            lastEvent: 'round',
          },
    ),
    markets: [
      market('ML', [
        ['ML:H', h, 1_400],
        ['ML:C', c, 2_900],
      ]),
      two('MW', '第2图 获胜者', 2, h, c),
      two('MW', '第3图 获胜者', 3, h, c),
      market('KO', [
        ['KO:2:O:22.5', '大 22.5', 1_900],
        ['KO:2:U:22.5', '小 22.5', 1_900],
      ]),
    ],
    ...over,
  });
}

/** A best of 3 not started yet (today). */
export function upcomingSeries(n: number, gameType = 'EC'): SportGame {
  const h = `战队${n}甲`;
  const c = `战队${n}乙`;
  return game(n, {
    gameType,
    league: '枪火大师赛',
    league_id: 'ECMJ',
    team_h: h,
    team_c: c,
    markets: [1, 2, 3].map((k) => two('MW', `第${k}图 获胜者`, k, h, c)),
  });
}
