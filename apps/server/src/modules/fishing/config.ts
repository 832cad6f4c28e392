/** Fishing's rhythm: the venue, batching, leases, seeds and seats. */
export const FISHING_VENUE = 'CRBY';
export const FISHING_CATEGORY = 'BY';
/** A member's shots are staked and paid together after this long (one ledger step per window). */
export const BATCH_MS = 150;
/** A room's lease (table_leases key `fish:<room>`): renewed every second by its owner, taken over once expired. */
export const ROOM_LEASE_TTL_MS = 6_000;
export const ROOM_TICK_MS = 1_000;
/** How long one seed rules a room's ocean. */
export const SEED_EPOCH_MS = 30 * 60_000;
/** A seat not seen (no state asked, no shot) for this long is free again. */
export const SEAT_IDLE_MS = 45_000;
/** A member's shots are recorded as one casino round per minute (FISHING_MINUTE_MS shortens it for tests only). */
export const MINUTE_MS = 60_000;
/** A minute's shots become its casino round this long after the minute ended (a batch in flight has committed). */
export const MINUTE_GRACE_MS = 5_000;
/** The grace of a minute of this length: 5 s of the real minute, half a test's shorter one (a loaded box commits late). */
export const minuteGraceMs = (minuteMs: number) => Math.min(MINUTE_GRACE_MS, minuteMs / 2);
/** Fish sent ahead of the ocean's clock (the web animates them as they enter). */
export const FISH_AHEAD_MS = 6_000;
/** Room events (shots) kept for the state's `since`. */
export const EVENTS_KEPT = 300;

/** Rooms a hall may open (ids BY1-001 … BY1-999). */
export const MAX_ROOMS = 999;

export const leaseKey = (roomId: string) => `fish:${roomId}`;
export const roomIdOf = (hall: string, n: number) => `${hall}-${String(n).padStart(3, '0')}`;
export const hallOfRoom = (roomId: string) => roomId.split('-')[0] ?? '';
