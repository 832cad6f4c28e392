/**
 * The chat's text rules, pure (no I/O): trimming and length, a brand's word filter, contact details and links
 * (the safety notice: deposits only through the official site, app or customer service — a number, a handle or
 * a link in chat is how an "offline agent" fishes for players), and per-member flood and duplicate suppression.
 */
import { CHAT_LIMITS, text, type BlockReason, type Locale, type TextKey } from '@portal/contract';

/** What the sender is told (10005), in their language: the catalogue's texts (packages/contract messages.ts). */
const BLOCK_KEY = {
  guest: 'LIVE_BLOCK_GUEST',
  vip: 'LIVE_BLOCK_VIP',
  paused: 'LIVE_BLOCK_PAUSED',
  closed: 'LIVE_BLOCK_CLOSED',
  length: 'LIVE_BLOCK_LENGTH',
  flood: 'LIVE_BLOCK_FLOOD',
  duplicate: 'LIVE_BLOCK_DUPLICATE',
  word: 'LIVE_BLOCK_WORD',
  contact: 'LIVE_BLOCK_CONTACT',
} as const satisfies Record<BlockReason, TextKey>;

export const blockText = (reason: BlockReason, locale: Locale): string =>
  text(BLOCK_KEY[reason], locale, { max: String(CHAT_LIMITS.MAX_TEXT) });

/** The welcome (10016): the same safety notice, said once on joining. */
export const welcomeText = (locale: Locale): string => text('LIVE_WELCOME', locale);

/** Chinese numerals a dodge writes digits with, in digit order (〇 is 零). */
const CN_DIGITS = [0x96f6, 0x4e00, 0x4e8c, 0x4e09, 0x56db, 0x4e94, 0x516d, 0x4e03, 0x516b, 0x4e5d].map((c) => String.fromCodePoint(c));

// Full-width digits and letters count as their ASCII twins (a common dodge), and separators between digits are ignored.
const normalize = (s: string) =>
  s
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/[零〇一二三四五六七八九]/g, (d) => String(d === '〇' ? 0 : CN_DIGITS.indexOf(d)));
const LINK = /(https?:\/\/|www\.|[a-z0-9-]+\.(com|net|org|cn|cc|io|me|vip|top|xyz|app|co|tw|hk)\b|t\.me\/)/i;
const HANDLE =
  /(微信|威信|薇信|vx|v信|wechat|weixin|qq|扣扣|telegram|纸飞机|飞机号|tg[:：]|whatsapp|line\s*id|加我|私聊|私信|联系我|聯繫我|聯絡我|代理|代充)/i;
const DIGITS = /\d(?:[\s\-_.·]*\d){5,}/;

export function hasContact(text: string): boolean {
  const t = normalize(text);
  return LINK.test(t) || HANDLE.test(t) || DIGITS.test(t);
}

/** The first of a brand's words the text contains (case-insensitive, after normalizing), or null. */
export function filteredWord(text: string, words: readonly string[]): string | null {
  const t = normalize(text).toLowerCase();
  for (const w of words) if (w && t.includes(w.toLowerCase())) return w;
  return null;
}

/** Trimmed and checked text, or why it is refused (the content rules; flood is FloodGuard's). */
export function checkText(raw: string, words: readonly string[]): { text: string } | { reason: BlockReason } {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (!text || [...text].length > CHAT_LIMITS.MAX_TEXT) return { reason: 'length' };
  if (hasContact(text)) return { reason: 'contact' };
  if (filteredWord(text, words)) return { reason: 'word' };
  return { text };
}

/** Per member: at most FLOOD_MESSAGES in FLOOD_WINDOW_MS, and not the same text again within DUPLICATE_MS. */
export class FloodGuard {
  private readonly recent = new Map<string, { at: number[]; last: string; lastAt: number }>();

  check(memberId: string, text: string, now: number): BlockReason | null {
    const r = this.recent.get(memberId) ?? { at: [], last: '', lastAt: 0 };
    r.at = r.at.filter((t) => now - t < CHAT_LIMITS.FLOOD_WINDOW_MS);
    if (r.at.length >= CHAT_LIMITS.FLOOD_MESSAGES) return 'flood';
    if (r.last === text && now - r.lastAt < CHAT_LIMITS.DUPLICATE_MS) return 'duplicate';
    r.at.push(now);
    r.last = text;
    r.lastAt = now;
    this.recent.set(memberId, r);
    if (this.recent.size > 50_000) this.recent.delete(this.recent.keys().next().value!);
    return null;
  }
}
