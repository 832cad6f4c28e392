/** The finance pages' search forms: trimmed text filters and a date range, left out when empty. */
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs | null, Dayjs | null] | null | undefined;

export const clean = (s?: string) => (s && s.trim() ? s.trim() : undefined);

/** The filters of a search form's values: text fields trimmed, the date range as whole days (from, to in epoch ms). */
export function filtersOf<K extends string>(
  v: Partial<Record<K, string>> & { range?: DateRange },
  fields: readonly K[],
): Partial<Record<K, string>> & { from?: number; to?: number } {
  const texts: Partial<Record<K, string>> = {};
  for (const f of fields) {
    const x = clean(v[f]);
    if (x) texts[f] = x;
  }
  const out: Partial<Record<K, string>> & { from?: number; to?: number } = texts;
  if (v.range?.[0]) out.from = v.range[0].startOf('day').valueOf();
  if (v.range?.[1]) out.to = v.range[1].endOf('day').valueOf();
  return out;
}
