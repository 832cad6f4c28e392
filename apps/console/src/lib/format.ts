/** Display formats of the console: money in 元 with 2 decimals (the API speaks fen), times YYYY-MM-DD HH:mm:ss. */
import dayjs from 'dayjs';

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 (fen) → '1,234.56'; null/undefined → '-'. */
export function yuan(fen: number | null | undefined): string {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return '-';
  return yuanFormat.format(fen / 100);
}

/** A 元 amount typed by an operator ('12.3') → fen (1230); null when it is not a number with at most 2 decimals. */
export function toFen(text: string | number): number | null {
  const s = String(text).trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** Epoch ms → 'YYYY-MM-DD HH:mm:ss'; null/undefined/0 → '-'. */
export function dateTime(ms: number | null | undefined): string {
  return ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '-';
}

/** Epoch ms → 'YYYY-MM-DD'. */
export function date(ms: number | null | undefined): string {
  return ms ? dayjs(ms).format('YYYY-MM-DD') : '-';
}
