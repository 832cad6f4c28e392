/**
 * The sandbox aggregator's venues and games in the lobby:
 * one venue per category the house does not cover (ZR, QP, BY, CP, DJ), adapter `seamless:SANDBOX`, each
 * with a few games of the aggregator's own (sandboxGames.ts). Seeded only with sandbox providers (seed.ts):
 * production seeds none of it. Seamless venues have no venue wallet — the member's money stays in the
 * central wallet — so the wallet's lists, transfers and recycle skip them (modules/wallet/service.ts).
 * Names and art are our own: neutral brand-like names, generated SVGs (served at /game-art/agg/<code>.svg).
 */
import type { Locale } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { CasinoGameTable } from '../../db/schema.ts';
import { venueArtUrl } from '../casino/art.ts';
import { catalogueRepository, storedTags } from '../casino/repository.ts';
import { venueRepository } from '../wallet/repository.ts';
import { SANDBOX_AGGREGATOR, seamlessAdapter } from './aggregators.ts';
import { exactRtp, type SandboxGameKind } from './sandboxGames.ts';

export interface AggregatorVenue {
  channelCode: string;
  category: 'ZR' | 'QP' | 'BY' | 'CP' | 'DJ';
  names: Record<Locale, string>;
  sort: number;
}

export interface AggregatorGame {
  code: string;
  channelCode: string;
  kind: SandboxGameKind;
  names: Record<Locale, string>;
  tags: string[];
  volatility: CasinoGameTable['volatility'];
  minBetFen: number;
  maxBetFen: number;
  /** Art colours: gradient from, to. */
  colours: [string, string];
}

export const SANDBOX_VENUES: readonly AggregatorVenue[] = [
  { channelCode: 'SXZR', category: 'ZR', names: { 'zh-CN': '星澜真人', 'zh-TW': '星瀾真人' }, sort: 6 },
  { channelCode: 'SXQP', category: 'QP', names: { 'zh-CN': '竹韵棋牌', 'zh-TW': '竹韻棋牌' }, sort: 7 },
  { channelCode: 'SXBY', category: 'BY', names: { 'zh-CN': '蓝湾捕鱼', 'zh-TW': '藍灣捕魚' }, sort: 8 },
  { channelCode: 'SXCP', category: 'CP', names: { 'zh-CN': '金穗彩票', 'zh-TW': '金穗彩票' }, sort: 9 },
  { channelCode: 'SXDJ', category: 'DJ', names: { 'zh-CN': '极光电竞', 'zh-TW': '極光電競' }, sort: 10 },
];

const limits = { minBetFen: 100, maxBetFen: 100_000 };
const VOLATILITY: Record<SandboxGameKind, CasinoGameTable['volatility']> = { card: 'low', dice: 'medium', wheel: 'high' };
const game = (
  code: string,
  channelCode: string,
  kind: SandboxGameKind,
  cn: string,
  tw: string,
  tags: string[],
  colours: [string, string],
): AggregatorGame => ({
  code,
  channelCode,
  kind,
  names: { 'zh-CN': cn, 'zh-TW': tw },
  tags,
  volatility: VOLATILITY[kind],
  ...limits,
  colours,
});

export const SANDBOX_GAMES: readonly AggregatorGame[] = [
  game('SXZR01', 'SXZR', 'card', '星澜比点', '星瀾比點', ['hot'], ['#4a148c', '#c2185b']),
  game('SXZR02', 'SXZR', 'dice', '星澜骰宝', '星瀾骰寶', ['new'], ['#311b92', '#7e57c2']),
  game('SXQP01', 'SXQP', 'card', '竹韵翻牌', '竹韻翻牌', ['hot'], ['#5d4037', '#f0a020']),
  game('SXQP02', 'SXQP', 'dice', '竹韵掷骰', '竹韻擲骰', [], ['#33691e', '#9ccc65']),
  game('SXBY01', 'SXBY', 'wheel', '蓝湾渔轮', '藍灣漁輪', ['hot'], ['#004d60', '#26c6da']),
  game('SXBY02', 'SXBY', 'wheel', '蓝湾深海', '藍灣深海', ['new'], ['#01579b', '#4fc3f7']),
  game('SXCP01', 'SXCP', 'dice', '金穗骰彩', '金穗骰彩', ['hot'], ['#b71c1c', '#ff7043']),
  game('SXCP02', 'SXCP', 'wheel', '金穗彩轮', '金穗彩輪', [], ['#e65100', '#ffca28']),
  game('SXDJ01', 'SXDJ', 'card', '极光对决', '極光對決', ['hot'], ['#263238', '#7c4dff']),
  game('SXDJ02', 'SXDJ', 'wheel', '极光幸运轮', '極光幸運輪', ['new'], ['#1a237e', '#00e5ff']),
];

export const sandboxGame = (code: string) => SANDBOX_GAMES.find((g) => g.code === code);
export const sandboxVenue = (channelCode: string) => SANDBOX_VENUES.find((v) => v.channelCode === channelCode);
export const aggregatorGameArtUrl = (code: string) => `/game-art/agg/${code}.svg`;
/** Declared RTP in hundredths of a percent: the kind's exact RTP, rounded down. */
export const declaredRtpBp = (kind: SandboxGameKind) => Math.floor(exactRtp(kind) * 10_000);

/** A game's catalogue row at a brand: every declared figure from its definition. */
export function aggregatorGameRow(g: AggregatorGame, siteCode: number, sort: number, now: number): CasinoGameTable {
  return {
    site_code: siteCode,
    code: g.code,
    channel_code: g.channelCode,
    category: sandboxVenue(g.channelCode)!.category,
    name_cn: g.names['zh-CN'],
    name_tw: g.names['zh-TW'],
    art: aggregatorGameArtUrl(g.code),
    tags: storedTags(g.tags),
    rtp_bp: declaredRtpBp(g.kind),
    volatility: g.volatility,
    min_bet: g.minBetFen,
    max_bet: g.maxBetFen,
    sort,
    status: 'active',
    pool_code: null,
    updated_at: now,
    updated_by: 'seed',
  };
}

/**
 * Seeds the sandbox aggregator's venues (with their lobby face) and games at the brands. Call only with
 * sandbox providers (seed.ts), after the casino catalogue (which gives every venue a default face).
 * Idempotent: the operator's status, sort and tags of a game stay, as for the house titles.
 */
export async function seedAggregatorCatalogue(db: Db, siteCodes: readonly number[], now = Date.now()): Promise<void> {
  for (const v of SANDBOX_VENUES) {
    await venueRepository.upsert(db, {
      channel_code: v.channelCode,
      name: v.names['zh-CN'],
      category: v.category,
      adapter: seamlessAdapter(SANDBOX_AGGREGATOR),
      currency: 'CNY',
      status: 'active',
      sort: v.sort,
    });
    await catalogueRepository.seedVenueFace(db, {
      channel_code: v.channelCode,
      name_tw: v.names['zh-TW'],
      art: venueArtUrl(v.channelCode),
    });
  }
  for (const site of siteCodes)
    for (const [i, g] of SANDBOX_GAMES.entries()) await catalogueRepository.seedGame(db, aggregatorGameRow(g, site, i + 1, now));
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const MOTIFS: Record<SandboxGameKind, string> = {
  // Two cards, the front one turned up.
  card:
    '<rect x="62" y="46" width="76" height="108" rx="10" fill="rgba(255,255,255,.35)" transform="rotate(-12 100 100)"/>' +
    '<rect x="102" y="42" width="76" height="108" rx="10" fill="#fffdf6" transform="rotate(10 140 96)"/>' +
    '<path d="M140 78l14 20-14 20-14-20z" fill="#d32f2f" transform="rotate(10 140 96)"/>',
  // Two dice.
  dice:
    '<rect x="52" y="60" width="64" height="64" rx="12" fill="#fffdf6"/><rect x="128" y="74" width="64" height="64" rx="12" fill="#fffdf6"/>' +
    '<circle cx="84" cy="92" r="7" fill="#c62828"/>' +
    [146, 160, 174].map((x, i) => `<circle cx="${x}" cy="${90 + i * 16}" r="6" fill="#212121"/>`).join(''),
  // A wheel of coloured segments.
  wheel:
    '<circle cx="120" cy="100" r="62" fill="#fffdf6"/>' +
    Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      const b = ((i + 1) * Math.PI) / 4;
      const p = (t: number) => `${(120 + 58 * Math.cos(t)).toFixed(1)} ${(100 + 58 * Math.sin(t)).toFixed(1)}`;
      const fill = ['#90a4ae', '#42a5f5', '#90a4ae', '#66bb6a', '#90a4ae', '#42a5f5', '#90a4ae', '#ffca28'][i];
      return `<path d="M120 100L${p(a)}A58 58 0 0 1 ${p(b)}z" fill="${fill}"/>`;
    }).join('') +
    '<circle cx="120" cy="100" r="10" fill="#37474f"/><path d="M120 30l-9-16h18z" fill="#37474f"/>',
};

/** The art of an aggregator game (its kind's motif on its colours, its zh-CN name), or null for an unknown code. */
export function aggregatorGameSvg(code: string, locale: Locale = 'zh-CN'): string | null {
  const g = sandboxGame(code);
  if (!g) return null;
  const [from, to] = g.colours;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="240" height="240" rx="24" fill="url(#g)"/>${MOTIFS[g.kind]}` +
    `<text x="120" y="214" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="#ffffff">${escapeXml(g.names[locale])}</text></svg>`
  );
}
