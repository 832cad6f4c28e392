/**
 * The built-in customer-service desk: used by a brand that has no external support
 * address configured (onlinecustomservice and payment/getCustomerInfo then answer '/support'). A member
 * writes under their session; a visitor (e.g. one who cannot log in) under a random visitor key the client
 * keeps. Staff answer through `npm run ops -- support:reply` until the console has a screen.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const tag = 'Support';

export const SUPPORT_LIMITS = { BODY_MAX: 500, MESSAGES_SHOWN: 200, SENDS_PER_MIN: 10 } as const;
/** The built-in desk's path in the web app (what the service-address calls answer when none is configured). */
export const SUPPORT_PATH = '/support';

/** A visitor's key: random, made and kept by the client (the server stores only its SHA-256). */
const visitorKey = z.string().regex(/^[A-Za-z0-9_-]{24,64}$/);

export const supportMessage = z.object({
  id: z.number(),
  /** desk: the desk's own answer while the player waits (the acknowledgement, a help-centre answer). */
  from: z.enum(['player', 'staff', 'desk']),
  body: z.string(),
  at: z.number(),
});
export type SupportMessageWire = z.infer<typeof supportMessage>;

export const supportApi = {
  thread: endpoint({
    path: '/site/api/v1/support/thread',
    auth: 'optional',
    tag,
    summary: "The caller's conversation with the brand's service desk (a member's, or a visitor's by visitorKey), oldest first.",
    request: z.strictObject({ visitorKey: visitorKey.optional(), afterId: z.number().int().min(0).optional() }),
    /** ticketNo: the conversation's number the player quotes (S + business day + sequence), null before the first message. */
    response: z.object({ messages: z.array(supportMessage), hours: z.string(), ticketNo: z.string().nullable() }),
  }),
  send: endpoint({
    path: '/site/api/v1/support/send',
    auth: 'optional',
    tag,
    summary: 'Write to the service desk (a member, or a visitor with a visitorKey); at most 10 messages a minute.',
    request: z.strictObject({ visitorKey: visitorKey.optional(), body: z.string().trim().min(1).max(SUPPORT_LIMITS.BODY_MAX) }),
    response: supportMessage,
  }),
};
