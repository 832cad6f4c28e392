import { z } from 'zod';

/** A venue's launch name (launch's enName, the resource proxy's enName): the channel code, any case. */
export const enName = z
  .string()
  .min(2)
  .max(32)
  .regex(/^[A-Za-z0-9_]+$/);
export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);
const epochMs = z.number().int().min(0).max(8.64e15);

/** The venue request envelope of game/api/v1/resource (spec §7): timestamp, token, langx, remoteip. */
export const venueRequest = {
  timestamp: epochMs,
  /** The venue token answered by launch: a wrong or stale one answers 6302 (re-enter the game). */
  token: z.string().min(1).max(256),
  langx: z
    .string()
    .max(10)
    .regex(/^[A-Za-z-]*$/),
  remoteip: z.string().max(64),
};

/** One method of the resource proxy: `{ method, enName, Request: { …envelope, …shape } }`. */
export const venueMethod = <M extends string, S extends z.ZodRawShape>(name: M, shape: S) =>
  z.strictObject({ method: z.literal(name), enName, Request: z.strictObject({ ...venueRequest, ...shape }) });

/** A client's key for a money step (a double click or a retry sends the same key: the step runs once). */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/);
