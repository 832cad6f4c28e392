/**
 * The chat's text rules, pure (no I/O): trimming and length, a brand's word filter, contact details and links
 * (the safety notice: deposits only through the official site, app or customer service — a number, a handle or
 * a link in chat is how an "offline agent" fishes for players), and per-member flood and duplicate suppression.
 */
import { CHAT_LIMITS, type BlockReason } from '@portal/contract';

/** What the sender is told (10005), in their language. */
export const BLOCK_TEXT: Record<BlockReason, { 'zh-CN': string; 'zh-TW': string }> = {
  guest: { 'zh-CN': '请先登录后再发言', 'zh-TW': '請先登入後再發言' },
  vip: { 'zh-CN': '您的VIP等级暂不可在本房间发言', 'zh-TW': '您的VIP等級暫不可在本房間發言' },
  paused: { 'zh-CN': '房间暂停发言', 'zh-TW': '房間暫停發言' },
  closed: { 'zh-CN': '房间已关闭', 'zh-TW': '房間已關閉' },
  length: { 'zh-CN': `发言不能为空，且不超过${CHAT_LIMITS.MAX_TEXT}字`, 'zh-TW': `發言不能為空，且不超過${CHAT_LIMITS.MAX_TEXT}字` },
  flood: { 'zh-CN': '发言太频繁，请稍后再试', 'zh-TW': '發言太頻繁，請稍後再試' },
  duplicate: { 'zh-CN': '请勿重复发送相同内容', 'zh-TW': '請勿重複發送相同內容' },
  word: { 'zh-CN': '消息含有不当内容，未发送', 'zh-TW': '訊息含有不當內容，未發送' },
  contact: {
    'zh-CN': '禁止发布联系方式和链接。存款只通过官网、APP或在线客服，线下代理一律不予承认',
    'zh-TW': '禁止發佈聯絡方式和連結。存款只透過官網、APP或線上客服，線下代理一律不予承認',
  },
};

/** The welcome (10016): the same safety notice, said once on joining. */
export const WELCOME_TEXT = {
  'zh-CN': '欢迎来到直播间！请文明发言。存款只通过官网、APP或在线客服，线下代理一律不予承认。',
  'zh-TW': '歡迎來到直播間！請文明發言。存款只透過官網、APP或線上客服，線下代理一律不予承認。',
} as const;

// Full-width digits and letters count as their ASCII twins (a common dodge), and separators between digits are ignored.
const normalize = (s: string) =>
  s
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/[零〇一二三四五六七八九]/g, (d) => String('零一二三四五六七八九'.indexOf(d === '〇' ? '零' : d)));
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
