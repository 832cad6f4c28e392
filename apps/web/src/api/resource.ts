/**
 * game/api/v1/resource with the venue envelope (spec §7: timestamp, token, langx, remoteip) filled in. The method's
 * request fields and its answer are the contract's (packages/contract resourceCall.ts): the house game pages
 * (features/game/venueCall.ts) and the sport pages (features/sport/venue.ts) call through here.
 */
import { resourceCall, type ResourceAnswer, type ResourceCallBody, type ResourceFields, type ResourceMethod } from '@portal/contract';
import { call } from './client.ts';

export interface VenueSessionOf {
  enName: string;
  /** The venue token launch answered. */
  token: string;
  langx: string;
}

export function callResource<M extends ResourceMethod>(
  s: VenueSessionOf,
  method: M,
  fields: ResourceFields[M],
): Promise<ResourceAnswer<M>> {
  const body: ResourceCallBody<M> = {
    method,
    enName: s.enName,
    Request: { timestamp: Date.now(), token: s.token, langx: s.langx, remoteip: '', ...fields },
  };
  return call(resourceCall(method), body);
}
