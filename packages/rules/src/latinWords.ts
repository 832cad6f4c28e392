/**
 * No English in a player's view: the one check of a text a player reads, shared by the web's translations
 * test (apps/web/src/app/noEnglish.test.ts) and the browser walk (e2e/walk.e2e.ts). A Latin word of two letters or
 * more is English, but for the few below; a letter run joined to digits (VIP3, TRC20, an order or user name) is a
 * code, not a word, and an address written out (https://…) is read by the address checks, not this one.
 */

/** Latin words a player may read, each on purpose (compared in capitals). */
export const PLAYER_LATIN_WORDS: ReadonlySet<string> = new Set([
  // the market's own words: the loyalty levels (VIP特权) and the installable app (下载APP), as every portal here writes them
  'VIP',
  'APP',
  // the stablecoin a member deposits and withdraws with: a proper name
  'USDT',
  // systems and browsers the help and download pages name (no Chinese name exists for them)
  'IPHONE',
  'IPAD',
  'IOS',
  'ANDROID',
  'WINDOWS',
  'MACOS',
  'SAFARI',
  'CHROMIUM',
  'FIREFOX',
  // internet terms Chinese writes in Latin letters (IP地址, DNS 劫持, Cookie, Wi-Fi, https 开头) and the image formats an upload takes
  'IP',
  'DNS',
  'COOKIE',
  'WI',
  'FI',
  'HTTPS',
  'PNG',
  'JPG',
  'JPEG',
  'WEBP',
  'GIF',
  // the command the help tells a player to type (ipconfig /flushdns)
  'IPCONFIG',
  'FLUSHDNS',
  // the hash functions the lucky wheel's fairness proof names, so a player can verify it
  'SHA',
  'HMAC',
  // the sportsbook's feed: the versus of a fixture and proper names of clubs and tours as they write them (FC东京,
  // AC米兰, RB莱比锡, 蔚山HD, 横滨DeNA海湾之星, 统一7-ELEVEn狮, ATP, WTA, WTT) — every Latin word of the feed's
  // club and tour lists (apps/server/src/venues/sportsbook), whichever fixtures a run happens to draw
  'VS',
  'FC',
  'AC',
  'RB',
  'HD',
  'DENA',
  'ELEVEN',
  'ATP',
  'WTA',
  'WTT',
]);

/** A Latin word: two letters or more, not joined to a digit, another letter or an underscore (an id: -P7NM3iL_MxQyPKX). */
const WORD = /(?<![A-Za-z0-9_])[A-Za-z]{2,}(?![A-Za-z0-9_])/g;
/** An address written out (the download page's, an invite link). */
const URL_TEXT = /https?:\/\/\S+/g;

/** The English words of a text a player reads (empty when none). */
export function englishLeft(text: string): string[] {
  return [...text.replace(URL_TEXT, '').matchAll(WORD)].map((m) => m[0]).filter((w) => !PLAYER_LATIN_WORDS.has(w.toUpperCase()));
}
