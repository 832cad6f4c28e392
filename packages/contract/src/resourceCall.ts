/**
 * A resource call typed by its method: the request fields a method adds to the venue envelope and the answer it
 * gets (api/resource.ts). The web's venue calls (features/game/venueCall.ts) take their types from here, so no
 * answer is declared twice. Outside api/: the web build replaces api modules by their schema-free twins
 * (endpointMeta.ts), and this module has a function; it reads no schema at run time.
 */
import type { z } from 'zod';
import type { Endpoint } from './endpoint.ts';
import type { venueRequest } from './venue.ts';
import type { ResourceAnswers } from './api/resource.ts';
import { gameApi, type resourceRequest } from './api/sport.ts';

type ResourceBody = z.input<typeof resourceRequest>;
export type ResourceMethod = ResourceBody['method'];
type VenueEnvelope = { [K in keyof typeof venueRequest]: z.input<(typeof venueRequest)[K]> };
/** The fields a method's Request adds to the venue envelope (timestamp, token, langx, remoteip). */
export type ResourceFields = { [M in ResourceMethod]: Omit<Extract<ResourceBody, { method: M }>['Request'], keyof VenueEnvelope> };
/** One method's request body (a type parameter indexes it: `ResourceCallBody<M>` is that method's body, also for a generic M). */
export type ResourceCallBody<K extends ResourceMethod = ResourceMethod> = {
  [M in K]: { method: M; enName: string; Request: VenueEnvelope & ResourceFields[M] };
}[K];
/** What a method answers. */
export type ResourceAnswer<M extends ResourceMethod> = ResourceAnswers[M];

// Every method has an answer, and every answer a method: a method added to one side only fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _everyMethodAnswered: Same<ResourceMethod, keyof ResourceAnswers> = true;

/**
 * game/api/v1/resource as one method's endpoint: the same endpoint object (its request schema reads any method's
 * body, so the body built for the method fits), its answer typed as the method's. The overload is the one place the
 * answer's type is narrowed without a check by the compiler: the wire answers the asked method's answer, which the
 * server's resourceAnswers.test.ts checks for every method against api/resource.ts.
 */
export function resourceCall<M extends ResourceMethod>(
  method: M,
): Endpoint<z.ZodType<unknown, ResourceCallBody<M> | ResourceBody>, z.ZodType<ResourceAnswers[M]>>;
export function resourceCall(_method: ResourceMethod): Endpoint {
  return gameApi.resource;
}
