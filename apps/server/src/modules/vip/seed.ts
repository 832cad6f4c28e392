import type { Db } from '../../db/connect.ts';
import { demoLadder } from './ladder.ts';
import { ladderRepository } from './repository.ts';

/** VIP ladders: VIP0–VIP10 on 7000, a shorter VIP0–VIP8 on 7001 (missing grades only: operator edits stay). */
export async function seedLadders(db: Db, now = Date.now()): Promise<void> {
  await ladderRepository.insertMissing(db, [...demoLadder(7000, 11, now), ...demoLadder(7001, 9, now)]);
}
