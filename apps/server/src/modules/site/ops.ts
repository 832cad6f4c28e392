import { sha256Hex } from '../../lib/crypto.ts';
import { need, UsageError, type OpsCommand } from '../../ops/command.ts';
import { setOperatorForm } from './zhTwForms.ts';

/** The zh-TW form of a text the operator wrote in zh-CN (notice, promotion, brand, venue or game name): by default converted by OpenCC; these set or show the operator's own. */
export const siteCommands: OpsCommand[] = [
  {
    name: 'zh-tw:set',
    args: '<zh-CN text> <zh-TW text>',
    summary: 'the zh-TW form of a zh-CN text, instead of its conversion (every node within 30 s)',
    mutates: true,
    target: (args) => `zh_tw_form:${(args[0] ?? '').slice(0, 40)}`,
    async run(ctx, args) {
      const cn = need(args, 0, 'zh-CN text');
      const tw = need(args, 1, 'zh-TW text');
      if (args.length > 2) throw new UsageError('quote each text: two arguments');
      await setOperatorForm(ctx.handle.db, null, cn, tw);
    },
  },
  {
    name: 'zh-tw:show',
    args: '<zh-CN text>',
    summary: 'the zh-TW form answered for a zh-CN text, and whether it is converted or the operator’s',
    mutates: false,
    async run(ctx, args) {
      const cn = need(args, 0, 'zh-CN text');
      const row = await ctx.handle.db
        .selectFrom('zh_tw_forms')
        .select(['zh_tw', 'source'])
        .where('key', '=', sha256Hex(cn))
        .executeTakeFirst();
      ctx.print(row ? { zhCN: cn, zhTW: row.zh_tw, source: row.source } : { zhCN: cn, zhTW: null, source: 'not converted yet' });
    },
  },
];
