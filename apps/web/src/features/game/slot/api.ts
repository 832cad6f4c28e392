/**
 * The house slot venue's resource calls (contract api/slots.ts): every call carries the venue envelope with the
 * token of the game's session (features/game/sessions.ts — stored by the lobby's launch, or launched here when
 * the page was opened without one). A 6302 answer marks the page's session broken: the page shows the
 * non-closable '数据异常，请重新进入游戏' dialog and re-enters (forget the session, launch again).
 */
import { create } from 'zustand';
import { StatusCode, sportApi, type PublicSeedsWire, type SlotInfoWire, type SlotRoundWire, type SlotSpinWire } from '@portal/contract';
import { call } from '../../../api/client.ts';
import { ApiError } from '../../../api/errors.ts';
import { i18n } from '../../../app/i18n.ts';
import { forgetSession, rememberSession, validSession } from '../sessions.ts';

export const SLOT_KEY = 'slot';

/** The page's venue session answered 6302 (re-enter), per enName|gameCode. */
export const useSlotBroken = create<{ broken: boolean }>(() => ({ broken: false }));

const launching = new Map<string, Promise<string>>();

/** The game's venue token: the stored session, else one launch (shared by concurrent callers). */
export function slotToken(enName: string, gameCode: string): Promise<string> {
  const s = validSession(enName, gameCode);
  if (s) return Promise.resolve(s.token);
  const key = `${enName.toUpperCase()}|${gameCode}`;
  let job = launching.get(key);
  if (!job) {
    job = call(sportApi.launch, { enName, gameCode })
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
export async function reenterSlot(enName: string, gameCode: string): Promise<void> {
  forgetSession(enName, gameCode);
  await slotToken(enName, gameCode);
  useSlotBroken.setState({ broken: false });
}

type ResourceBody = Parameters<typeof call<typeof sportApi.resource>>[1];

export interface SlotMethods {
  slotInfo: { req: { gameCode: string }; res: SlotInfoWire };
  spin: { req: { gameCode: string; bet: string; idempotencyKey: string }; res: SlotSpinWire };
  rounds: { req: { gameCode?: string; pageNum?: number; pageSize?: number }; res: { total: number; list: SlotRoundWire[] } };
  round: { req: { roundId: string }; res: SlotRoundWire };
  ack: { req: { roundId: string }; res: unknown };
  seeds: { req: Record<string, never>; res: PublicSeedsWire };
  clientSeed: { req: { clientSeed: string }; res: unknown };
  rotateSeed: { req: Record<string, never>; res: PublicSeedsWire };
}

export const langx = (): 'zh-CN' | 'zh-TW' =>
  /^zh[-_](TW|HK|Hant)/i.test(i18n.resolvedLanguage ?? i18n.language ?? '') ? 'zh-TW' : 'zh-CN';

/** One slot method with the envelope filled in; 6302 marks the session broken and forgets it. */
export async function slotCall<M extends keyof SlotMethods>(
  enName: string,
  gameCode: string,
  method: M,
  fields: SlotMethods[M]['req'],
): Promise<SlotMethods[M]['res']> {
  const token = await slotToken(enName, gameCode);
  const Request = { timestamp: Date.now(), token, langx: langx(), remoteip: '', ...fields };
  try {
    return (await call(sportApi.resource, { method, enName, Request } as unknown as ResourceBody)) as SlotMethods[M]['res'];
  } catch (e) {
    if (e instanceof ApiError && e.status_code === StatusCode.UID_VERIFICATION) {
      forgetSession(enName, gameCode);
      useSlotBroken.setState({ broken: true });
    }
    throw e;
  }
}

export function resetSlotApiForTests(): void {
  launching.clear();
  useSlotBroken.setState({ broken: false });
}
