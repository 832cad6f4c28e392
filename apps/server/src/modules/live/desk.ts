/**
 * What the console reads of the live rooms (console/liveRoutes.ts, the ops CLI's live:*): rooms with their gift
 * income, a room's chat for moderators (deleted and shadow messages marked), gift income by day, room and host.
 */
import { businessDay } from '@portal/rules';
import type { DbOrTx } from '../../db/connect.ts';

export async function deskRooms(db: DbOrTx, sites: number[], limit: number, offset: number) {
  if (!sites.length) return { rows: [], total: 0 };
  const rows = await db
    .selectFrom('live_rooms as r')
    .leftJoin('live_gifts as g', 'g.room_id', 'r.id')
    .selectAll('r')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('g.amount'), eb.lit(0)).as('gift_fen'))
    .where('r.site_code', 'in', sites)
    .groupBy('r.id')
    .orderBy('r.created_at', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db
    .selectFrom('live_rooms')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_code', 'in', sites)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function deskMessages(db: DbOrTx, roomId: string, limit: number, offset: number) {
  const rows = await db
    .selectFrom('live_messages')
    .selectAll()
    .where('room_id', '=', roomId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await db
    .selectFrom('live_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('room_id', '=', roomId)
    .executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      memberId: r.member_id,
      name: r.name,
      vip: Number(r.vip),
      kind: r.kind,
      text: r.text,
      createdAt: Number(r.created_at),
      deletedBy: r.deleted_by,
      shadow: Number(r.shadow) === 1,
    })),
    total: Number(total.n),
  };
}

/** Gift income per business day (UTC+8), room and host over [from, to), at most 2,000 gift rows a day-room pair… summed here. */
export async function giftIncome(db: DbOrTx, sites: number[], from: number, to: number) {
  if (!sites.length) return { list: [], totalFen: 0 };
  const rows = await db
    .selectFrom('live_gifts as g')
    .innerJoin('live_rooms as r', 'r.id', 'g.room_id')
    .select(['g.site_code', 'g.room_id', 'g.member_id', 'g.amount', 'g.created_at', 'r.title', 'r.host_staff'])
    .where('g.site_code', 'in', sites)
    .where('g.created_at', '>=', from)
    .where('g.created_at', '<', to)
    .limit(50_000)
    .execute();
  const out = new Map<
    string,
    {
      day: string;
      siteCode: number;
      roomId: string;
      title: string;
      hostStaff: string;
      gifts: number;
      senders: Set<string>;
      amountFen: number;
    }
  >();
  let totalFen = 0;
  for (const r of rows) {
    const day = businessDay(Number(r.created_at));
    const key = `${day}|${r.room_id}`;
    const o = out.get(key) ?? {
      day,
      siteCode: Number(r.site_code),
      roomId: r.room_id,
      title: r.title,
      hostStaff: r.host_staff,
      gifts: 0,
      senders: new Set<string>(),
      amountFen: 0,
    };
    o.gifts += 1;
    o.senders.add(r.member_id);
    o.amountFen += Number(r.amount);
    totalFen += Number(r.amount);
    out.set(key, o);
  }
  const list = [...out.values()]
    .map((o) => ({ ...o, senders: o.senders.size }))
    .sort((a, b) => (a.day === b.day ? b.amountFen - a.amountFen : a.day < b.day ? 1 : -1));
  return { list, totalFen };
}
