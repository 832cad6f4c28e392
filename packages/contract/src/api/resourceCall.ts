/**
 * A resource call typed by its method: the request fields a method adds to the venue envelope and the answer it
 * gets (api/resource.ts). The web's venue calls (features/game/venueCall.ts, features/sport/venue.ts) take their
 * types from here, so no answer is declared twice.
 */
import type { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';
import type { venueRequest } from '../venue.ts';
import { resourceAnswers, type ResourceAnswers } from './resource.ts';
import { sportApi, type resourceRequest } from './sport.ts';

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

// Every method has an answer, and every answer a method (a method added to one side only fails here).
const answerOf: { [M in ResourceMethod]: z.ZodType<ResourceAnswers[M]> } = resourceAnswers;
/** The schema of a method's answer, typed by the method. */
export const resourceAnswerOf = <M extends ResourceMethod>(method: M): z.ZodType<ResourceAnswers[M]> => answerOf[method];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _everyAnswerAsked: Same<ResourceMethod, keyof typeof resourceAnswers> = true;

/**
 * game/api/v1/resource as one method's endpoint: the same call and request schema (it reads any method's body, so the
 * body the caller built for its method fits), its answer typed by the method.
 */
export const resourceCall = <M extends ResourceMethod>(
  method: M,
): Endpoint<z.ZodType<unknown, ResourceCallBody<M> | ResourceBody>, z.ZodType<ResourceAnswers[M]>> => ({
  ...sportApi.resource,
  response: resourceAnswerOf(method),
});
