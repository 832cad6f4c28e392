/**
 * One message catalogue: every user-facing text the server answers comes from
 * packages/contract (TEXT, the status codes' messages) in both languages, so a zh-TW member never gets a
 * Simplified text written inside a service. This test fails on a Chinese string or template literal in a
 * service, repository, ledger, venue or job file (comments are not literals: they may quote messages).
 *
 * Not checked, each for its reason:
 *  - tests and test kits: they assert the texts;
 *  - venues/sportsbook/: the sandbox sportsbook's fixture data (teams, leagues, market names the simulated
 *    venue serves, as a real venue's feed would).
 * Seeds, demo promotions and the sandbox payment page are outside the files checked (not services).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RULE_MESSAGES, PAYOUT_MESSAGES } from '@portal/rules';
import { TEXT, localized } from '@portal/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = import.meta.dirname;
const HAN = /[\u4e00-\u9fff]/;

/** Every source file of the server… */
const CHECKED = /\.ts$/;
/**
 * …except, each for its reason:
 * - tests and their kits;
 * - data rather than answers: seed and demo content (written as an operator writes content, in both
 *   languages), the sandbox feed's league and team names (venues/sportsbook: their zh-TW forms come from lib/zhTW.ts);
 * - the sandbox payment page (refused in production) and the operator CLI (ops.ts, the operator's terminal);
 * - the operator console's server (console/: its answers go to staff, in the console's one language zh-CN, as the
 *   CLI's go to the operator's terminal; what reaches members — letters, notices — is the operator's own content,
 *   and the withdrawal review's member-facing rules live in the catalogue, packages/contract/src/financeText.ts);
 * - the demo brands' banner art (modules/site/art.ts: the headlines drawn into the pictures, in both languages);
 * - the house tables' names (modules/tables/config.ts: catalogue data written in both languages, as seeds are);
 * - the sandbox game aggregator's catalogue data (its venues' and games' names, seeded only with sandbox
 *   providers) and its hosted test page with its games' rules (a third party's page, dev only), both in both languages;
 * - texts already written in both languages side by side: the funds letters and the promotion summaries
 *   (`L(locale, zh-CN, zh-TW)`), to move into the catalogue next.
 */
const EXCLUDED = new RegExp(
  [
    String.raw`\.test\.ts$`,
    String.raw`(^|/)test[kK]it\.ts$`,
    String.raw`^test/`,
    String.raw`^realtime/testClient\.ts$`,
    String.raw`(^|/)seed\.ts$`,
    String.raw`^modules/promotions/demo\.ts$`,
    String.raw`^venues/sportsbook/`,
    String.raw`^modules/deposit/sandboxPage\.ts$`,
    String.raw`^modules/site/art\.ts$`,
    String.raw`^modules/tables/config\.ts$`,
    String.raw`^modules/seamless/(catalogue|sandboxGames|playPage)\.ts$`,
    String.raw`(^|/)ops\.ts$`,
    String.raw`^console/`,
    String.raw`^modules/messages/funds\.ts$`,
    String.raw`^modules/promotions/(view\.ts|types/)`,
  ].join('|'),
);

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield relative(ROOT, p).split('\\').join('/');
  }
}

/** The Chinese string and template literals of a source text, with their line numbers. */
function chineseLiterals(source: string, name = 'x.ts'): Array<{ line: number; text: string }> {
  const sf = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true);
  const out: Array<{ line: number; text: string }> = [];
  const visit = (n: ts.Node) => {
    if (
      (ts.isStringLiteral(n) ||
        ts.isNoSubstitutionTemplateLiteral(n) ||
        ts.isTemplateHead(n) ||
        ts.isTemplateMiddle(n) ||
        ts.isTemplateTail(n)) &&
      HAN.test(n.text)
    )
      out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, text: n.text });
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

describe('one message catalogue', () => {
  it('the check finds a Chinese literal (plain, template, or inside a call) and skips comments', () => {
    const src = [
      "// 注释：'请输入正确的金额'",
      '/** 文档 */',
      "invalid('请输入正确的金额');",
      'const t = `还需完成有效投注${x}元`;',
      "const ok = 'ASCII only';",
    ].join('\n');
    expect(chineseLiterals(src).map((l) => l.line)).toEqual([3, 4, 4]); // a template's head and tail
  });

  it('no server source file outside the catalogue holds a Chinese string literal (the reasoned exclusions aside)', () => {
    const checked: string[] = [];
    const found: string[] = [];
    for (const f of files(ROOT)) {
      if (!CHECKED.test(f) || EXCLUDED.test(f)) continue;
      checked.push(f);
      for (const l of chineseLiterals(readFileSync(join(ROOT, f), 'utf8'), f)) found.push(`${f}:${l.line} "${l.text}"`);
    }
    expect(checked.length).toBeGreaterThan(30);
    expect(checked).toEqual(
      expect.arrayContaining([
        'modules/wallet/service.ts',
        'modules/withdraw/service.ts',
        'ledger/ledger.ts',
        'modules/user/codes.ts',
        'providers/oddsFeed.ts',
      ]),
    );
    expect(found).toEqual([]);
  });

  it('every rule message a service passes on is in the catalogue, so a zh-TW request gets it in Traditional Chinese', () => {
    for (const [key, zhCn] of Object.entries({ ...RULE_MESSAGES, ...PAYOUT_MESSAGES })) {
      expect(TEXT[key as keyof typeof TEXT]?.['zh-CN'], key).toBe(zhCn);
      expect(localized(zhCn, 'zh-TW'), key).not.toMatch(/^$/);
      expect(localized(zhCn, 'zh-TW'), key).toBe(TEXT[key as keyof typeof TEXT]['zh-TW']);
    }
  });
});
