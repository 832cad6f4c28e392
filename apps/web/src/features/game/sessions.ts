/**
 * Venue sessions of launched house games: launch answers a venue token (and the game), the game's page
 * sends it with every game/api/v1/resource call. The lobby's launch stores it here; a page opened
 * without one (a reload, a bookmark) launches again itself.
 */
import { create } from 'zustand';

export interface GameSession {
  /** The venue's channel code as launch answered it (e.g. 'CRDZ'). */
  enName: string;
  gameCode: string;
  token: string;
  expiresAt: number;
}

const key = (enName: string, gameCode: string) => `${enName.toUpperCase()}|${gameCode}`;

export const useGameSessions = create<{ sessions: Record<string, GameSession> }>(() => ({ sessions: {} }));

export function rememberSession(s: GameSession): void {
  useGameSessions.setState((st) => ({ sessions: { ...st.sessions, [key(s.enName, s.gameCode)]: s } }));
}

/** A stored session still valid for at least 5 s, else null (launch again). */
export function validSession(enName: string, gameCode: string, now = Date.now()): GameSession | null {
  const s = useGameSessions.getState().sessions[key(enName, gameCode)];
  return s && s.expiresAt > now + 5_000 ? s : null;
}

/** Drop a session (its token answered 6302: re-enter). */
export function forgetSession(enName: string, gameCode: string): void {
  useGameSessions.setState((st) => {
    const { [key(enName, gameCode)]: _gone, ...rest } = st.sessions;
    return { sessions: rest };
  });
}
