/** Notices and the marquee, banners (advertising), the zh-TW forms of operator text: the console's screens of notice:*, ad:*, zh-tw:*. */
import { StatusCode } from '@portal/contract';
import { consoleContentApi as api, type AdRow, type NoticeRow } from '@portal/contract/console';
import { sha256Hex } from '../../lib/crypto.ts';
import { fail } from '../../lib/errors.ts';
import { brandArt, DEMO_BANNERS } from '../../modules/site/art.ts';
import { setOperatorForm } from '../../modules/site/zhTwForms.ts';
import type { AdTable, NoticeTable } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from '../pipeline.ts';
import { assertDeploymentWide } from '../operations/common.ts';
import { staffBrandOf } from '../staffAuth.ts';
import { asOperator } from './operatorErrors.ts';
import { contentReads as reads, stateOf } from './repository.ts';

const num = (v: number | null) => (v === null ? null : Number(v));

const noticeRowOf = (r: NoticeTable, now: number): NoticeRow => ({
  id: r.id,
  siteCode: Number(r.site_code),
  category: r.category,
  title: r.title,
  content: r.content,
  marquee: Number(r.marquee) === 1,
  startAt: Number(r.start_at),
  endAt: num(r.end_at),
  withdrawnAt: num(r.withdrawn_at),
  state: stateOf(r, now),
  createdBy: r.created_by,
  createdAt: Number(r.created_at),
});

const adRowOf = (r: AdTable, now: number): AdRow => ({
  id: r.id,
  siteCode: Number(r.site_code),
  position: r.position,
  title: r.title,
  imageUrl: r.image_url,
  linkUrl: r.link_url,
  content: r.content,
  sort: Number(r.sort),
  startAt: Number(r.start_at),
  endAt: num(r.end_at),
  withdrawnAt: num(r.withdrawn_at),
  state: stateOf(r, now),
  createdBy: r.created_by,
  createdAt: Number(r.created_at),
});

/** The brands a list covers: the one asked (the pipeline checked it is the caller's), else all of the caller's. */
export const sitesFor = (ctx: ConsoleContext, siteCode: number | undefined): number[] => (siteCode !== undefined ? [siteCode] : ctx.sites);
export const pageOfInput = (i: { page: number; pageSize: number }) => ({ limit: i.pageSize, offset: (i.page - 1) * i.pageSize });

/** A row fetched by id: missing, or of a brand the caller cannot see, is 6004. */
export function visibleRow<T extends { site_code: number }>(ctx: ConsoleContext, row: T | undefined): T {
  if (!row) fail(StatusCode.NOT_FOUND);
  ctx.assertSite(Number(row.site_code));
  return row;
}

/** Taking a notice or an advertising item down: a row of the caller's brands (else 6004), not down already (6007). */
function takeDown<R extends NoticeTable | AdTable, W>(
  endpoint: typeof api.noticeWithdraw | typeof api.adWithdraw,
  kind: string,
  alreadyDown: string,
  read: (id: string) => Promise<R | undefined>,
  withdraw: (id: string) => Promise<void>,
  wire: (r: R, now: number) => W,
): ConsoleRoute {
  return consoleRoute(endpoint, async (i, ctx) => {
    const row = visibleRow(ctx, await read(i.id));
    if (row.withdrawn_at !== null) fail(StatusCode.INVALID_PARAMETER, { message: alreadyDown });
    await asOperator(() => withdraw(i.id));
    const after = (await read(i.id))!;
    ctx.audit = {
      target: `${kind}:${i.id}`,
      siteCode: Number(row.site_code),
      before: wire(row, Date.now()),
      after: wire(after, Date.now()),
    };
    return null;
  });
}

export function publishingRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const { db } = d;
  const m = s.messages;
  /**
   * The operator's own zh-TW form of a text, when given (else zh-TW pages show its conversion). Forms are shared
   * by every brand: a brand-scoped staff member never replaces a form another operator set.
   */
  const zhTw = async (ctx: ConsoleContext, cn: string, tw: string | undefined) => {
    if (tw === undefined || tw === cn) return;
    if (ctx.staff.sites !== null) {
      const mine = await db.selectFrom('zh_tw_forms').select(['zh_tw', 'source']).where('key', '=', sha256Hex(cn)).executeTakeFirst();
      if (mine?.source === 'operator' && mine.zh_tw !== tw) return;
    }
    await setOperatorForm(db, s.zhTW, cn, tw);
  };
  const formOf = async (cn: string) => {
    const row = await db.selectFrom('zh_tw_forms').select(['zh_tw', 'source']).where('key', '=', sha256Hex(cn)).executeTakeFirst();
    return row
      ? { zhCN: cn, zhTW: row.zh_tw, source: row.source === 'operator' ? ('operator' as const) : ('opencc' as const) }
      : { zhCN: cn, zhTW: s.zhTW.of(cn), source: 'preview' as const };
  };
  return [
    consoleRoute(api.noticeList, async (i, ctx) => {
      const now = Date.now();
      const r = await reads.notices(
        db,
        { sites: sitesFor(ctx, i.siteCode), state: i.state, now, category: i.category, marquee: i.marquee },
        pageOfInput(i),
      );
      return { total: r.total, list: r.rows.map((x) => noticeRowOf(x, now)) };
    }),
    consoleRoute(api.noticePublish, async (i, ctx) => {
      const { titleZhTW, contentZhTW, ...draft } = i;
      const { id } = await asOperator(() => m.publishNotice(draft, ctx.staff.username));
      await zhTw(ctx, i.title, titleZhTW);
      await zhTw(ctx, i.content, contentZhTW);
      ctx.audit = { target: `notice:${id}`, after: noticeRowOf((await reads.notice(db, id))!, Date.now()) };
      return { id };
    }),
    takeDown(
      api.noticeWithdraw,
      'notice',
      '该公告已下架',
      (id) => reads.notice(db, id),
      (id) => m.withdrawNotice(id),
      noticeRowOf,
    ),
    consoleRoute(api.adList, async (i, ctx) => {
      const now = Date.now();
      const r = await reads.ads(db, { sites: sitesFor(ctx, i.siteCode), state: i.state, now, position: i.position }, pageOfInput(i));
      return { total: r.total, list: r.rows.map((x) => adRowOf(x, now)) };
    }),
    consoleRoute(api.adArt, async (i) => [
      ...DEMO_BANNERS.map((b) => {
        const url = brandArt.banner(i.siteCode, b.slug);
        return { label: `横幅：${b.text['zh-CN'][0]}`, url, previewUrl: url.replaceAll('{locale}', 'zh-CN') };
      }),
      { label: '品牌标志', url: brandArt.logo(i.siteCode), previewUrl: brandArt.logo(i.siteCode) },
    ]),
    consoleRoute(api.adUpload, async (i, ctx) => {
      const r = await s.uploads.staffImage(i.image);
      ctx.audit = { target: r.url, after: { url: r.url, width: r.width, height: r.height, bytes: r.bytes } };
      return r;
    }),
    consoleRoute(api.adPublish, async (i, ctx) => {
      const { id } = await asOperator(() => m.publishAd(i, ctx.staff.username));
      ctx.audit = { target: `ad:${id}`, after: adRowOf((await reads.ad(db, id))!, Date.now()) };
      return { id };
    }),
    takeDown(
      api.adWithdraw,
      'ad',
      '该广告已下架',
      (id) => reads.ad(db, id),
      (id) => m.withdrawAd(id),
      adRowOf,
    ),
    consoleRoute(api.zhTwShow, (i) => formOf(i.zhCN)),
    consoleRoute(api.zhTwSet, async (i, ctx) => {
      // A form is shown on every brand that uses the text: only deployment-wide staff set one (finding 13: a 7001
      // staff member rewrote a zh-TW line of 7000). The audit row is the deployment's.
      ctx.audit.siteCode = staffBrandOf(ctx.staff.sites);
      assertDeploymentWide(ctx);
      const before = await formOf(i.zhCN);
      await setOperatorForm(db, s.zhTW, i.zhCN, i.zhTW);
      const after = await formOf(i.zhCN);
      ctx.audit = { target: `zh_tw_form:${i.zhCN.slice(0, 40)}`, siteCode: null, before, after };
      return after;
    }),
  ];
}
