/**
 * The bet slip as one reducer (spec §3 bet slip item, §4 bet slip, §5 limits): the web app runs it as
 * the player clicks, the server runs it again over a submitted slip, so both sides agree on what a
 * slip may hold. Pure: no I/O, no clock.
 *
 * Rules (§4):
 * - toggling an odd adds or removes it;
 * - a new odd removes the others of the same game unless multiple mode is on;
 * - outside multiple and series mode the slip holds one item; a new odd replaces the one there, and the slip says
 *   which it replaced (`replaced`) so the player can make both a parlay instead;
 * - champion and normal odds are never mixed: adding one kind clears the other;
 * - leaving multiple mode keeps only the latest item;
 * - series mode sets Hong Kong odds and flags items sharing a game as invalid;
 * - selecting champion odds turns series off;
 * - adding is blocked while any item has a delayed (in-play confirmation) bet: '当前还有订单正在确认中，请稍等';
 * - at most 10 items (§9): '投注项数量已达上限';
 * - changing the show type resets the game type to football, except for the early market.
 */
import { LIMITS } from '@portal/contract';
import { RULE_MESSAGES } from './messages.ts';
import type { OddsFormat } from './odds.ts';

export type GameType = 'ALL' | 'FT' | 'VF' | 'BK' | 'TN' | 'OP' | 'SK' | 'FS' | 'VB' | 'BS' | 'TT' | 'EL' | 'EK' | 'ED' | 'EC' | 'EV';
export type ShowType = 'FU' | 'FT' | 'RB' | 'FSFT' | 'FSFU';
export type SlipMode = 'single' | 'multiple' | 'series';

export const SLIP_MESSAGES = {
  DELAYED: '当前还有订单正在确认中，请稍等',
  FULL: RULE_MESSAGES.BET_SLIP_FULL,
} as const;

/** One selection on the slip, with the §3 field names. */
export interface SlipItem {
  gameInfo: { gameId: string; gide?: string; hgid?: string; team_h: string; team_c: string };
  /** The market/selection code ('w'). */
  playInfo: { w: string };
  /** The price ('r', canonical milli-odds) and the game it belongs to. */
  oddInfo: { r: number; gameId: string };
  /** Present on champion (outright) odds: the selection's rate type. */
  championRate?: { rtype: string };
  /** A placed bet still being confirmed (in-play delay). */
  bettingData?: { active: boolean; ticket_id?: string };
  isInvalid?: boolean;
}

export interface SlipState {
  items: SlipItem[];
  mode: SlipMode;
  oddsType: OddsFormat;
  /** The player's own format, restored when series mode (which forces Hong Kong odds) ends. */
  preferredOddsType: OddsFormat;
  gameType: GameType;
  showType: ShowType;
  /** The last refusal's message (null when the last action went through). */
  notice: string | null;
  /** Single mode: the item the last added one replaced (null after any other action). */
  replaced: SlipItem | null;
}

export type SlipAction =
  | { type: 'toggle'; item: SlipItem }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'setMode'; mode: SlipMode }
  | { type: 'setOddsType'; oddsType: OddsFormat }
  | { type: 'setShowType'; showType: ShowType }
  | { type: 'setGameType'; gameType: GameType }
  | { type: 'setBetting'; key: string; bettingData: SlipItem['bettingData'] }
  | { type: 'setPrice'; key: string; r: number };

export function initialSlip(oddsType: OddsFormat = 'H'): SlipState {
  return {
    items: [],
    mode: 'single',
    oddsType,
    preferredOddsType: oddsType,
    gameType: 'FT',
    showType: 'FT',
    notice: null,
    replaced: null,
  };
}

/** The identity of an odd: its game and selection. */
export const slipKey = (i: SlipItem): string => `${i.oddInfo.gameId}:${i.playInfo.w}`;
export const isChampion = (i: SlipItem): boolean => i.championRate !== undefined;
const gameOf = (i: SlipItem): string => i.oddInfo.gameId;

/** Series mode flags every item that shares its game with another; other modes flag nothing. */
function withFlags(items: SlipItem[], mode: SlipMode): SlipItem[] {
  const counts = new Map<string, number>();
  for (const i of items) counts.set(gameOf(i), (counts.get(gameOf(i)) ?? 0) + 1);
  return items.map((i) => ({ ...i, isInvalid: mode === 'series' && (counts.get(gameOf(i)) ?? 0) > 1 }));
}

function done(s: SlipState, patch: Partial<SlipState>): SlipState {
  const next = { ...s, ...patch, notice: patch.notice ?? null, replaced: patch.replaced ?? null };
  return { ...next, items: withFlags(next.items, next.mode) };
}

function toggle(s: SlipState, item: SlipItem): SlipState {
  const key = slipKey(item);
  if (s.items.some((i) => slipKey(i) === key)) return done(s, { items: s.items.filter((i) => slipKey(i) !== key) });
  if (s.items.some((i) => i.bettingData?.active)) return { ...s, notice: SLIP_MESSAGES.DELAYED };
  let mode = s.mode;
  let oddsType = s.oddsType;
  if (isChampion(item) && mode === 'series') {
    mode = 'single';
    oddsType = s.preferredOddsType;
  }
  let items = s.items.filter((i) => isChampion(i) === isChampion(item));
  if (mode !== 'multiple') items = items.filter((i) => gameOf(i) !== gameOf(item));
  const replaced = mode === 'single' ? (s.items.at(-1) ?? null) : null;
  if (mode === 'single') items = [];
  if (items.length >= LIMITS.MAX_BET_SLIP_ITEMS) return { ...s, notice: SLIP_MESSAGES.FULL };
  return done(s, { items: [...items, { ...item, bettingData: undefined }], mode, oddsType, replaced });
}

function setMode(s: SlipState, mode: SlipMode): SlipState {
  if (mode === s.mode) return done(s, {});
  let items = s.items;
  if (s.mode === 'multiple' || mode === 'single') items = items.slice(-1);
  if (mode === 'series') {
    // Champion odds cannot be part of a series.
    if (items.some(isChampion)) return done(s, { items, mode: 'single' });
    return done(s, { items, mode, oddsType: 'H' });
  }
  return done(s, { items, mode, oddsType: s.mode === 'series' ? s.preferredOddsType : s.oddsType });
}

/**
 * Whether the slip can offer a parlay with the item it just replaced: single mode, the two picks of different
 * matches, neither an outright (which parlays cannot hold).
 */
export function parlayOffer(s: SlipState): SlipItem | null {
  const now = s.items[0];
  const was = s.replaced;
  if (s.mode !== 'single' || !now || !was || isChampion(now) || isChampion(was) || gameOf(now) === gameOf(was)) return null;
  return was;
}

export function slipReducer(s: SlipState, a: SlipAction): SlipState {
  switch (a.type) {
    case 'toggle':
      return toggle(s, a.item);
    case 'remove':
      return done(s, { items: s.items.filter((i) => slipKey(i) !== a.key) });
    case 'clear':
      return done(s, { items: [] });
    case 'setMode':
      return setMode(s, a.mode);
    case 'setOddsType':
      // Series bets are priced in Hong Kong odds: the choice is kept for when series mode ends.
      return s.mode === 'series'
        ? done(s, { preferredOddsType: a.oddsType })
        : done(s, { oddsType: a.oddsType, preferredOddsType: a.oddsType });
    case 'setShowType':
      return done(s, { showType: a.showType, gameType: a.showType === 'FU' ? s.gameType : 'FT' });
    case 'setGameType':
      return done(s, { gameType: a.gameType });
    case 'setBetting':
      return done(s, { items: s.items.map((i) => (slipKey(i) === a.key ? { ...i, bettingData: a.bettingData } : i)) });
    case 'setPrice':
      return done(s, { items: s.items.map((i) => (slipKey(i) === a.key ? { ...i, oddInfo: { ...i.oddInfo, r: a.r } } : i)) });
  }
}

/** Whether a slip can be submitted as it stands: items, no invalid ones, enough legs for its mode. */
export function slipReady(s: SlipState): boolean {
  if (s.items.length === 0 || s.items.some((i) => i.isInvalid)) return false;
  if (s.mode === 'single') return s.items.length === 1;
  return s.items.length >= 2;
}
