import { z } from 'zod';
import type { StatusCodeValue } from './status.ts';

/** The one response shape of every call (spec §7: status_code, data, message). */
export interface Envelope<T = unknown> {
  status_code: StatusCodeValue | number;
  data: T;
  message: string;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ status_code: z.number().int(), data, message: z.string() });
