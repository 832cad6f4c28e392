/** Letters (站内信): the console's screen of letter:send / letter:list / letter:revoke, members named by username. */
import { StatusCode } from '@portal/contract';
import { consoleContentApi as api, type LetterAudience, type LetterRow } from '@portal/contract/console';
import { fail } from '../../lib/errors.ts';
import type { LetterTable } from '../../db/schema.ts';
import { letterRepository } from '../../modules/messages/repository.ts';
import type { Segment } from '../../modules/messages/service.ts';
import type { Services } from '../../services.ts';
import { consoleRoute, type ConsoleDeps, type ConsoleRoute } from '../pipeline.ts';
import { asOperator } from './operatorErrors.ts';
import { pageOfInput, sitesFor, visibleRow } from './publishing.ts';
import { contentReads as reads } from './repository.ts';

function segmentOf(a: LetterAudience, usernames: string[]): Segment {
  switch (a.kind) {
    case 'all':
      return { kind: 'all' };
    case 'members':
      return { kind: 'members', names: usernames };
    case 'vip':
      if (a.min > a.max) fail(StatusCode.INVALID_PARAMETER, { message: 'VIP 等级范围：最低等级不能高于最高等级' });
      return { kind: 'vip', min: a.min, max: a.max };
    case 'registered':
      return { kind: 'registered', fromMs: a.from, toMs: a.to };
  }
}

/** The stored segment as the console shows it (a member segment by usernames: ids of system letters are looked up). */
function audienceOf(segment: string, nameOf: Map<string, string>): LetterAudience {
  const s = JSON.parse(segment) as Segment;
  switch (s.kind) {
    case 'members':
      return { kind: 'members', usernames: s.names.map((x) => nameOf.get(x) ?? x) };
    case 'vip':
      return { kind: 'vip', min: s.min, max: s.max };
    case 'registered':
      return { kind: 'registered', from: s.fromMs, to: s.toMs };
    default:
      return { kind: 'all' };
  }
}

export function letterRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const { db } = d;
  const rowsOf = async (rows: LetterTable[]): Promise<LetterRow[]> => {
    const names = rows.flatMap((l) => {
      const seg = JSON.parse(l.segment) as Segment;
      return seg.kind === 'members' ? seg.names : [];
    });
    const members =
      names.length === 0
        ? []
        : await db
            .selectFrom('members')
            .select(['id', 'name'])
            .where('id', 'in', [...new Set(names)])
            .execute();
    const nameOf = new Map(members.map((x) => [x.id, x.name]));
    return Promise.all(
      rows.map(async (l) => ({
        id: l.id,
        siteCode: Number(l.site_code),
        type: l.type,
        broadcast: Number(l.broadcast) === 1,
        title: l.title,
        content: l.content,
        audience: audienceOf(l.segment, nameOf),
        recipients: Number(l.recipients),
        read: await letterRepository.readCount(db, l.id),
        startAt: Number(l.start_at),
        createdBy: l.created_by,
        createdAt: Number(l.created_at),
        revokedAt: l.revoked_at === null ? null : Number(l.revoked_at),
      })),
    );
  };
  return [
    consoleRoute(api.letterList, async (i, ctx) => {
      const r = await reads.letters(db, sitesFor(ctx, i.siteCode), pageOfInput(i));
      return { total: r.total, list: await rowsOf(r.rows) };
    }),
    consoleRoute(api.letterSend, async (i, ctx) => {
      let usernames: string[] = [];
      if (i.audience.kind === 'members') {
        const asked = [...new Set(i.audience.usernames)];
        const known = await reads.usernames(db, i.siteCode, asked);
        const unknown = asked.filter((x) => !known.has(x.toLowerCase()));
        if (unknown.length > 0) fail(StatusCode.NOT_FOUND, { message: `会员不存在：${unknown.slice(0, 10).join('、')}` });
        usernames = asked.map((x) => known.get(x.toLowerCase())!);
      }
      const r = await asOperator(() =>
        s.messages.sendLetter(
          {
            siteCode: i.siteCode,
            segment: segmentOf(i.audience, usernames),
            type: i.type,
            title: i.title,
            content: i.content,
            startAt: i.startAt,
          },
          ctx.staff.username,
        ),
      );
      ctx.audit = { target: `letter:${r.id}`, after: { ...i, id: r.id, recipients: r.recipients } };
      return { id: r.id, recipients: r.recipients };
    }),
    consoleRoute(api.letterRevoke, async (i, ctx) => {
      const row = visibleRow(ctx, await reads.letter(db, i.id));
      if (row.revoked_at !== null) fail(StatusCode.INVALID_PARAMETER, { message: '该站内信已撤回' });
      await asOperator(() => s.messages.revokeLetter(i.id));
      ctx.audit = { target: `letter:${i.id}`, siteCode: Number(row.site_code), before: (await rowsOf([row]))[0] };
      return null;
    }),
  ];
}
