/**
 * The bet board of each draw as data: its tabs (和值, 大小单双 … / a position each / 总和 / 冠亚和) and the bet
 * type keys of each (packages/games lottery.ts: 'sum11', 'p2d7', 'p0c10', 'top2big' …), and the label of a key in
 * the page's language. The odds come from the table (tableInfo.betTypes); a key the table does not offer is left out.
 */
import type { LotteryKind } from './api.ts';

/** The page's t of namespace lottery (a plain function type: tests pass their own). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface BoardTab {
  id: string;
  /** i18n key (namespace lottery) and its values. */
  label: [string, Record<string, unknown>?];
  /** Number spots (drawn big, in a grid) and side spots (大小单双, 通选). */
  numbers: string[];
  sides: string[];
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const SIDES = ['big', 'small', 'odd', 'even'] as const;

function k3Tabs(): BoardTab[] {
  return [
    { id: 'sum', label: ['tab.sum'], numbers: range(3, 18).map((n) => `sum${n}`), sides: [] },
    { id: 'sides', label: ['tab.sides'], numbers: [], sides: [...SIDES] },
    { id: 'triple', label: ['tab.triple'], numbers: range(1, 6).map((n) => `triple${n}`), sides: ['anyTriple'] },
    { id: 'pair', label: ['tab.pair'], numbers: range(1, 6).map((n) => `pair${n}`), sides: [] },
  ];
}

function digitTabs(): BoardTab[] {
  const tabs: BoardTab[] = range(0, 4).map((k) => ({
    id: `p${k}`,
    label: ['pos.digit5', { context: String(k) }],
    numbers: range(0, 9).map((n) => `p${k}d${n}`),
    sides: SIDES.map((s) => `p${k}${s}`),
  }));
  tabs.push({ id: 'sum', label: ['tab.digitSum'], numbers: [], sides: ['sumBig', 'sumSmall', 'sumOdd', 'sumEven'] });
  return tabs;
}

function raceTabs(): BoardTab[] {
  const tabs: BoardTab[] = range(0, 9).map((k) => ({
    id: `p${k}`,
    label: ['pos.race10', { context: String(k) }],
    numbers: range(1, 10).map((n) => `p${k}c${n}`),
    sides: SIDES.map((s) => `p${k}${s}`),
  }));
  tabs.push({
    id: 'top2',
    label: ['tab.top2'],
    numbers: range(3, 19).map((n) => `top2sum${n}`),
    sides: ['top2big', 'top2small', 'top2odd', 'top2even'],
  });
  return tabs;
}

export function boardTabs(kind: LotteryKind): BoardTab[] {
  return kind === 'k3' ? k3Tabs() : kind === 'digit5' ? digitTabs() : raceTabs();
}

const SIDE_KEY: Record<string, string> = { big: 'side.big', small: 'side.small', odd: 'side.odd', even: 'side.even' };
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

type Parsed =
  | { at: 'sum' | 'top2' | 'triple' | 'pair'; n: number }
  | { at: 'anyTriple' }
  | { at: 'side'; side: string }
  | { at: 'sumSide' | 'top2Side'; side: string }
  | { at: 'digit' | 'car'; pos: number; n: number }
  | { at: 'posSide'; pos: number; side: string };

/** A bet type key read back into what it bets on (null for a key this page does not know). */
export function parseKey(key: string): Parsed | null {
  let m: RegExpExecArray | null;
  if ((m = /^(sum|triple|pair)(\d+)$/.exec(key))) return { at: m[1] as 'sum' | 'triple' | 'pair', n: Number(m[2]) };
  if ((m = /^top2sum(\d+)$/.exec(key))) return { at: 'top2', n: Number(m[1]) };
  if (key === 'anyTriple') return { at: 'anyTriple' };
  if (SIDE_KEY[key]) return { at: 'side', side: key };
  if ((m = /^sum(Big|Small|Odd|Even)$/.exec(key))) return { at: 'sumSide', side: lower(m[1]!) };
  if ((m = /^top2(big|small|odd|even)$/.exec(key))) return { at: 'top2Side', side: m[1]! };
  if ((m = /^p(\d)(d|c)(\d+)$/.exec(key))) return { at: m[2] === 'd' ? 'digit' : 'car', pos: Number(m[1]), n: Number(m[3]) };
  if ((m = /^p(\d)(big|small|odd|even)$/.exec(key))) return { at: 'posSide', pos: Number(m[1]), side: m[2]! };
  return null;
}

/** What a spot shows on the board (short: '11', '大', '3号'). */
export function spotText(t: Translate, key: string): string {
  const p = parseKey(key);
  if (!p) return key;
  switch (p.at) {
    case 'sum':
    case 'top2':
    case 'digit':
      return String(p.n);
    case 'triple':
      return `${p.n}${p.n}${p.n}`;
    case 'pair':
      return `${p.n}${p.n}`;
    case 'car':
      return t('car', { n: p.n });
    case 'anyTriple':
      return t('bet.anyTriple');
    default:
      return t(SIDE_KEY[p.side]!);
  }
}

/** The whole name of a bet ('和值 11', '千位 7', '冠军 3号', '冠亚和 大'), for the slip and the bet list. */
export function betLabel(t: Translate, kind: LotteryKind, key: string): string {
  const p = parseKey(key);
  if (!p) return key;
  const pos = (k: number) => t(kind === 'race10' ? 'pos.race10' : 'pos.digit5', { context: String(k) });
  switch (p.at) {
    case 'sum':
      return t('bet.sum', { n: p.n });
    case 'top2':
      return t('bet.top2', { n: p.n });
    case 'triple':
      return t('bet.triple', { n: `${p.n}${p.n}${p.n}` });
    case 'pair':
      return t('bet.pair', { n: `${p.n}${p.n}` });
    case 'anyTriple':
      return t('bet.anyTriple');
    case 'side':
      return t(SIDE_KEY[p.side]!);
    case 'sumSide':
      return t('bet.sumSide', { side: t(SIDE_KEY[p.side]!) });
    case 'top2Side':
      return t('bet.top2Side', { side: t(SIDE_KEY[p.side]!) });
    case 'digit':
      return `${pos(p.pos)} ${p.n}`;
    case 'car':
      return `${pos(p.pos)} ${t('car', { n: p.n })}`;
    case 'posSide':
      return `${pos(p.pos)} ${t(SIDE_KEY[p.side]!)}`;
  }
}
