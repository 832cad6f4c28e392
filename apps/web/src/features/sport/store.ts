/**
 * The sport page's client state: the bet slip as the @portal/rules reducer (every §4/§5 rule runs as
 * the player clicks) plus what the slip shows of each item (league, market, selection name), and the
 * player's odds format (kept across visits).
 */
import { create } from 'zustand';
import {
  ODDS_FORMATS,
  initialSlip,
  slipKey,
  slipReducer,
  type OddsFormat,
  type SlipAction,
  type SlipItem,
  type SlipState,
} from '@portal/rules';

const FORMAT_KEY = 'sport.oddsType';

export interface ItemLabel {
  league: string;
  market: string;
  name: string;
  live: boolean;
  score: string;
  /** Stake limits by kind (contract LIMITS.SPORT_STAKE_FEN). */
  kind: 'main' | 'correctScore' | 'champion';
}

interface SlipStore {
  slip: SlipState;
  labels: Record<string, ItemLabel>;
  dispatch(a: SlipAction): void;
  /** Toggle an odd with what the slip shows of it. */
  pick(item: SlipItem, label: ItemLabel): void;
}

function readFormat(): OddsFormat {
  try {
    const v = localStorage.getItem(FORMAT_KEY);
    return (ODDS_FORMATS as readonly string[]).includes(v ?? '') ? (v as OddsFormat) : 'H';
  } catch {
    return 'H';
  }
}

function keep(a: SlipAction): void {
  if (a.type !== 'setOddsType') return;
  try {
    localStorage.setItem(FORMAT_KEY, a.oddsType);
  } catch {
    /* storage disabled: the choice lasts for this visit */
  }
}

export const useSlip = create<SlipStore>((set) => ({
  slip: initialSlip(readFormat()),
  labels: {},
  dispatch(a) {
    keep(a);
    set((s) => ({ slip: slipReducer(s.slip, a) }));
  },
  pick(item, label) {
    set((s) => ({ slip: slipReducer(s.slip, { type: 'toggle', item }), labels: { ...s.labels, [slipKey(item)]: label } }));
  },
}));

export function resetSlipForTests(format: OddsFormat = 'H'): void {
  useSlip.setState({ slip: initialSlip(format), labels: {} });
}

/** The item as the contract's strict slipItem (no client-only fields). */
export function wireItem(i: SlipItem): SlipItem {
  return {
    gameInfo: { gameId: i.gameInfo.gameId, team_h: i.gameInfo.team_h, team_c: i.gameInfo.team_c },
    playInfo: { w: i.playInfo.w },
    oddInfo: { r: i.oddInfo.r, gameId: i.oddInfo.gameId },
    ...(i.championRate ? { championRate: { rtype: i.championRate.rtype } } : {}),
  };
}
