/**
 * The one check that a zh-TW text is Traditional Chinese throughout, shared by the web's translations test
 * (apps/web/src/app/zhTW.test.ts) and the server's zh-TW answers test (apps/server/src/http/zhTW.test.ts). The
 * converter is passed in (OpenCC's Simplified → Taiwan converter, `Converter({ from: 'cn', to: 'tw' })`), so
 * this package stays free of its dictionaries.
 *
 * The text is run through the converter and must come back unchanged, but for the variants Taiwan writes
 * either way (平台/平臺, 了解/瞭解, 公布/公佈) and OpenCC's own slip (干預 → 幹預). Some simplified forms are also
 * traditional characters of their own (后 queen, 于 and 余 surnames, 云 "to say", 里 the mile), so OpenCC keeps
 * them outside its known phrases — a '后' for '後' slipped through once ("讓 0.5 球后勝出"); none of those meanings
 * occurs in this product's texts, so they are refused outright.
 */

/** Character changes that are a Taiwan variant or a misconversion, not a simplified character. */
export const ZH_TW_VARIANTS: ReadonlySet<string> = new Set(['台→臺', '了→瞭', '布→佈', '干→幹']);
/** Simplified forms that are traditional characters too, with meanings this product never uses. */
const NEVER = /[后于余云里]/g;
/** The same where texts carry proper names: 里 is how Taiwan writes transliterated names (馬德里, 里昂, 佛羅里達). */
const NEVER_IN_NAMES = /[后于余云]/g;

/**
 * The simplified characters left in a zh-TW text, each as 'x→y' (or 'x (simplified here)'); empty when none.
 * `names`: the text may carry transliterated proper names (teams, leagues, countries — server data), where 里 is
 * the Traditional character; OpenCC converts a simplified 里 meaning "inside" (这里 → 這裡) when it makes the form.
 */
export function simplifiedLeft(text: string, toTaiwan: (s: string) => string, opts: { names?: boolean } = {}): string[] {
  const before = [...text];
  const after = [...toTaiwan(text)];
  const changes = before
    .flatMap((c, i) => (c !== after[i] ? [`${c}→${after[i]}`] : []))
    .filter((c) => !ZH_TW_VARIANTS.has(c) && !(opts.names && c === '里→裡'));
  for (const m of text.matchAll(opts.names ? NEVER_IN_NAMES : NEVER)) changes.push(`${m[0]} (simplified here)`);
  return changes;
}
