/**
 * Resource calls of the house venues (slots, tables, lottery): every call carries the venue envelope with the
 * token of the game's session (sessions.ts — stored by the lobby's launch, or launched here when the page was
 * opened without one). A 6302 answer marks the page's session broken: the page shows a non-closable
 * '数据异常，请重新进入游戏' dialog that re-enters (forget the session, launch again).
 */
import { create } from 'zustand';
import { StatusCode, gameApi, type ResourceAnswer, type ResourceFields, type ResourceMethod } from '@portal/contract';
import { call } from '../../api/client.ts';
import { callResource } from '../../api/resource.ts';
import { ApiError } from '../../api/errors.ts';
import { i18n } from '../../app/i18n.ts';
import { forgetSession, rememberSession, validSession } from './sessions.ts';

/** The page's venue session answered 6302 (re-enter). */
export const useVenueBroken = create<{ broken: boolean }>(() => ({ broken: false }));

const launching = new Map<string, Promise<string>>();

/** The game's venue token: the stored session, else one launch (shared by concurrent callers). */
export function venueToken(enName: string, gameCode: string): Promise<string> {
  const s = validSession(enName, gameCode);
  if (s) return Promise.resolve(s.token);
  const key = `${enName.toUpperCase()}|${gameCode}`;
  let job = launching.get(key);
  if (!job) {
    job = call(gameApi.launch, { enName, gameCode })
      .then((r) => {
        if (!r.data) throw new ApiError(StatusCode.VENUE_UNDER_MAINTENANCE, '');
        rememberSession({ enName, gameCode, token: r.data.token, expiresAt: r.data.expiresAt });
        return r.data.token;
      })
      .finally(() => launching.delete(key));
    launching.set(key, job);
  }
  return job;
}

/** 6302's button: drop the session and launch again. */
export async function reenterVenue(enName: string, gameCode: string): Promise<void> {
  forgetSession(enName, gameCode);
  await venueToken(enName, gameCode);
  useVenueBroken.setState({ broken: false });
}

export const langx = (): 'zh-CN' | 'zh-TW' =>
  /^zh[-_](TW|HK|Hant)/i.test(i18n.resolvedLanguage ?? i18n.language ?? '') ? 'zh-TW' : 'zh-CN';

/**
 * One venue method with the envelope filled in; 6302 marks the session broken and forgets it. The request's fields
 * and the answer are the contract's for that method (packages/contract resourceCall.ts).
 */
export async function venueCall<M extends ResourceMethod>(
  enName: string,
  gameCode: string,
  method: M,
  fields: ResourceFields[M],
): Promise<ResourceAnswer<M>> {
  const token = await venueToken(enName, gameCode);
  try {
    return await callResource({ enName, token, langx: langx() }, method, fields);
  } catch (e) {
    if (e instanceof ApiError && e.status_code === StatusCode.UID_VERIFICATION) {
      forgetSession(enName, gameCode);
      useVenueBroken.setState({ broken: true });
    }
    throw e;
  }
}

export function resetVenueCallsForTests(): void {
  launching.clear();
  useVenueBroken.setState({ broken: false });
}
