import type { LocalizedText, SlotSymbol, SymbolKind } from '../types.ts';

/** Twenty fixed paylines over 5 reels × 3 rows (row 0 = top): rows, straights first, then V's, zigzags and steps. */
export const LINES_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** A reel strip written as space-separated symbol ids. */
export function strip(text: string): string[] {
  return text.trim().split(/\s+/);
}

/** A symbol from (id, kind, zh-CN name, zh-TW name, pays by count 0..5). */
export function symbol(id: string, kind: SymbolKind, zhCN: string, zhTW: string, pays: readonly number[]): SlotSymbol {
  const names: LocalizedText = { 'zh-CN': zhCN, 'zh-TW': zhTW };
  return { id, kind, names, pays };
}
