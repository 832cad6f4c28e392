/**
 * The house sportsbook session (spec §2/§4/§7): launch answers the venue token, every
 * game/api/v1/resource call carries it in the venue envelope (timestamp, token, langx, remoteip). A
 * wrong or stale token answers 6302: the page shows the non-closable '数据异常，请重新进入游戏' dialog
 * and re-enters (launches again).
 */
import { create } from 'zustand';
import { LIMITS, StatusCode, gameApi, type ResourceAnswer, type ResourceFields, type ResourceMethod } from '@portal/contract';
import { call } from '../../api/client.ts';
import { callResource } from '../../api/resource.ts';
import { ApiError } from '../../api/errors.ts';

export const CRTY = 'CRTY';
export const SPORT_KEY = 'sport';

interface VenueSession {
  enName: string;
  token: string | null;
  expiresAt: number;
  /** The last resource call answered 6302: the page must re-enter. */
  broken: boolean;
  /** Message of a failed launch (e.g. venue under maintenance), null when none. */
  launchError: string | null;
  /** The book was entered (a launch that may auto-transfer), not only looked at from a lobby. */
  entered: boolean;
}

export const useVenue = create<VenueSession>(() => ({
  enName: CRTY,
  token: null,
  expiresAt: 0,
  broken: false,
  launchError: null,
  entered: false,
}));

let launching: Promise<string> | null = null;

/**
 * Starts the venue when it has no (valid) data: one launch at a time. 'enter' is the player entering
 * the book (the launch may auto-transfer the central balance in); 'lobby' only reads (the TY page's
 * preview, resource calls): it reuses any valid token and otherwise launches the read-only lobby.
 */
export function ensureVenue(enName = CRTY, mode: 'enter' | 'lobby' = 'enter'): Promise<string> {
  const s = useVenue.getState();
  const valid = s.token && s.enName === enName && s.expiresAt > Date.now() + 5_000 && !s.broken;
  if (valid && (mode === 'lobby' || s.entered)) return Promise.resolve(s.token!);
  launching ??= call(gameApi.launch, { enName, gameCode: mode === 'enter' ? 'sport' : LIMITS.VENUE_LOBBY_GAME_CODE })
    .then((r) => {
      if (!r.data) throw new ApiError(StatusCode.VENUE_UNDER_MAINTENANCE, '');
      useVenue.setState({
        enName,
        token: r.data.token,
        expiresAt: r.data.expiresAt,
        broken: false,
        launchError: null,
        entered: useVenue.getState().entered || mode === 'enter',
      });
      return r.data.token;
    })
    .catch((e: unknown) => {
      useVenue.setState({ token: null, launchError: e instanceof Error ? e.message : String(e) });
      throw e;
    })
    .finally(() => {
      launching = null;
    });
  return launching;
}

/** Forget the token and launch again (the 6302 dialog's button). */
export function reenterVenue(): Promise<string> {
  useVenue.setState({ token: null, expiresAt: 0, broken: false });
  return ensureVenue(useVenue.getState().enName);
}

export function resetVenueForTests(): void {
  launching = null;
  useVenue.setState({ enName: CRTY, token: null, expiresAt: 0, broken: false, launchError: null, entered: false });
}

/** One venue resource call with the envelope filled in (fields and answer typed by the contract); 6302 marks the session broken. */
export async function resource<M extends ResourceMethod>(method: M, request: ResourceFields[M]): Promise<ResourceAnswer<M>> {
  const token = await ensureVenue(useVenue.getState().enName, 'lobby');
  try {
    return await callResource({ enName: useVenue.getState().enName, token, langx: 'zh-cn' }, method, request);
  } catch (e) {
    if (e instanceof ApiError && e.status_code === StatusCode.UID_VERIFICATION) useVenue.setState({ broken: true, token: null });
    throw e;
  }
}
