import type { ClientMarker, Locale } from '@portal/contract';
import type { MemberTable } from '../../db/schema.ts';
import type { SiteRow } from '../site/repository.ts';

/** The logged-in member of a call, as the session check found it. */
export interface MemberRef {
  id: string;
  siteCode: number;
  tokenHash: string;
  name: string;
  /** The member's protection settings' version (members.protection): 0 when they never set any (modules/compliance). */
  protection: number;
  /** When this login session started (reality checks, the session time limit). */
  sessionStartedAt: number;
  /** The member's VIP grade, read with the session (absent on lean routes: read it from the VIP module). */
  vipGrade?: number;
  /**
   * The member row, fresh for this request: read with the session in one query, or for a lean route
   * (Route.lean: money paths that need only the id) on first use.
   */
  row(): Promise<MemberTable>;
}

/**
 * Who calls a service, as plain values: services take this, never the HTTP request. The route layer
 * builds it per request (http/pipeline.ts buildContext; its RequestContext is a Caller).
 */
export interface Caller {
  requestId: string;
  /**
   * The key a money step of this call is recorded under: the client's Idempotency-Key header when it
   * sent one (required on money-moving endpoints), else this request's id. A retried request with the
   * same key moves money once.
   */
  requestKey: string;
  locale: Locale;
  site: SiteRow;
  ip: string;
  /** The address the request was made to ('https://brand.example'), from its Host (trusted proxies: X-Forwarded-*); '' when unusable. */
  origin: string;
  uuid: string;
  client: ClientMarker;
  member: MemberRef | null;
  /** The x-region-ack header: the player was told their region is warned (6032) and goes on. */
  regionAck?: boolean;
}

/** A caller with a live session: what services of endpoints that require login take (member is there by type). */
export interface MemberCaller extends Caller {
  member: MemberRef;
}
