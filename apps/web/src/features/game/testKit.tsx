/** Fixtures of the lobby tests: venues and games as casinoApi answers them. */
import type { GameInfo, VenueInfo } from './catalogue.ts';

export function venue(channelCode: string, name: string, over: Partial<VenueInfo> = {}): VenueInfo {
  return {
    channelCode,
    enName: channelCode.toLowerCase(),
    category: 'DZ',
    name,
    names: { 'zh-CN': name, 'zh-TW': `${name}(繁)` },
    art: `/game-art/venue/${channelCode}.svg`,
    status: 'active',
    sort: 1,
    gameCount: 0,
    ...over,
  };
}

export function game(gameCode: string, name: string, over: Partial<GameInfo> = {}): GameInfo {
  return {
    gameCode,
    channelCode: 'CRDZ',
    category: 'DZ',
    name,
    names: { 'zh-CN': name, 'zh-TW': `${name}(繁)` },
    art: `/game-art/${gameCode}.svg`,
    tags: [],
    rtp: '96.00',
    volatility: 'medium',
    minBet: '0.20',
    maxBet: '100.00',
    sort: 1,
    status: 'active',
    collected: false,
    poolCode: null,
    ...over,
  };
}

export const CRDZ = venue('CRDZ', '自营电子', { sort: 5, gameCount: 4 });
export const SBDZ = venue('SBDZ', '沙盒电子', { sort: 9, status: 'maintenance' });
export const TITLES = [
  game('H5001', '翡翠龙珠', { tags: ['hot'], rtp: '96.10' }),
  game('H5002', '茶园春色', { tags: ['new'], rtp: '95.50' }),
  game('H5003', '元宵灯会', { tags: ['hot', 'jackpot'], rtp: '94.80', poolCode: 'JP_H5003' }),
  game('H5004', '深海宝藏', { tags: ['new'], rtp: '96.50' }),
];

export const page = (list: GameInfo[], pageSize = 24) => ({ total: list.length, pageNum: 1, pageSize, list });

export const pool = (gameCode: string, amount: string) => ({
  poolCode: `JP_${gameCode}`,
  gameCode,
  name: `${gameCode} 奖池`,
  names: { 'zh-CN': `${gameCode} 奖池`, 'zh-TW': `${gameCode} 獎池` },
  amount,
  currency: 'CNY',
  feedBasisPoints: 100,
});
