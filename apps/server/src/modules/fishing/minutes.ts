/**
 * A member's fishing as the bet record and the turnover feeds see it: one casino round per member and minute
 * (category BY, id `BY:<member>:<minute>`: shots, kills, stakes, wins), written once the minute is over and its
 * batches have committed (MINUTE_GRACE_MS). Every node may close minutes — recording a round id twice records it
 * once, and a minute is marked only from `recorded = 0` — so a crash leaves nothing uncounted: the next pass closes it.
 */
import type { Db } from '../../db/connect.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { recordCasinoRounds, type CasinoRoundRecord } from '../casino/roundRecord.ts';
import { FISHING_CATEGORY, FISHING_VENUE, MINUTE_MS, minuteGraceMs } from './config.ts';
import { fishingRepository as repo } from './repository.ts';

export const minuteRoundId = (memberId: string, minute: number) => `BY:${memberId}:${minute}`;

/** Records the minutes (of `minuteMs`: MINUTE_MS but in tests) over by `now`; answers how many. */
export async function closeMinutes(db: Db, now: number, limit = 500, minuteMs = MINUTE_MS): Promise<number> {
  const rows = await repo.closedMinutes(db, now - minuteMs - minuteGraceMs(minuteMs), limit);
  if (rows.length === 0) return 0;
  const records: CasinoRoundRecord[] = rows.map((m) => ({
    id: minuteRoundId(m.member_id, Number(m.minute)),
    memberId: m.member_id,
    siteCode: Number(m.site_code),
    channelCode: FISHING_VENUE,
    category: FISHING_CATEGORY,
    gameCode: m.hall,
    betFen: Number(m.stake),
    winFen: Number(m.win),
    jackpotFen: 0,
    validFen: Number(m.stake),
    outcome: { fishing: true, hall: m.hall, roomId: m.room_id, minute: Number(m.minute), shots: Number(m.shots), kills: Number(m.kills) },
    createdAt: Number(m.first_at),
    settledAt: Number(m.last_at),
    shown: true,
  }));
  await moneyStep(db, async (tx) => {
    await recordCasinoRounds(tx, records);
    await repo.markRecorded(tx, rows);
  });
  return rows.length;
}
