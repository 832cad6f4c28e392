/**
 * The 棋牌 page's house tables: every 百人 table of category QP from the public tableLobby (guests see it too) —
 * its name, its round (下注中 and the seconds left, 开牌中), each spot's last results, its limits — live over the
 * socket (newer states only). A click launches the table (launchGame: a guest is asked to log in first).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { subscribeTables } from '../../api/realtime.ts';
import { amountText } from '../../ui/money/format.ts';
import { launchGame } from '../game/launch.ts';
import { TABLE_KEY, tableLobby } from '../game/table/api.ts';
import { useSecondsLeft } from '../game/table/Countdown.tsx';
import { clockOffsetMs, newerState } from '../game/table/model.ts';
import { spotResults, spotsOf, isCardsKind } from './model.ts';
import { spotLabelKey } from './RevealHands.tsx';
import './cards.css';

export const QP_VENUE = 'crqp';

interface Live {
  state: TableStateWire | null;
  offsetMs: number;
  /** Outcomes pushed since the lobby answered, newest first. */
  recent: { seq: number; outcome: unknown }[];
}

function LobbyTable({ entry, live }: { entry: TableLobbyEntryWire; live: Live | undefined }) {
  const { t } = useTranslation('cards');
  const state = live?.state ?? entry.state;
  const seconds = useSecondsLeft(state, live?.offsetMs ?? (entry.state ? clockOffsetMs(entry.state) : 0));
  if (!isCardsKind(entry.kind)) return null;
  const kind = entry.kind;
  const recent = [...(live?.recent ?? []), ...entry.lastDraws.filter((d) => !live?.recent.some((r) => r.seq === d.seq))]
    .slice(0, 8)
    .reverse();
  const launch = () => {
    if (entry.status !== 'maintenance') void launchGame({ enName: QP_VENUE, gameCode: entry.gameCode });
  };
  const betting = state?.status === 'betting' && seconds > 0;
  return (
    <li>
      <button
        type="button"
        className={`qlobby__card qlobby__card--${kind}`}
        data-testid={`qp-table-${entry.gameCode}`}
        onClick={launch}
        disabled={entry.status === 'maintenance'}
      >
        <span className="qlobby__head">
          <b>{entry.name}</b>
          <span className={`qlobby__status${betting ? ' qlobby__status--betting' : ''}`} data-testid="qp-status">
            {betting ? t('lobby.betting', { s: seconds }) : t('lobby.dealing')}
          </span>
        </span>
        <span className="qlobby__road">
          {spotsOf(kind).map((s) => (
            <span key={s} className="qlobby__spot">
              <i>{t(spotLabelKey(kind, s))}</i>
              {recent.map((r) => {
                const x = spotResults(r.outcome).find((y) => y.spot === s);
                return (
                  <span key={r.seq} className={`qroad__dot qroad__dot--${x?.win ? 'win' : 'lose'}`} title={x?.win ? t('win') : t('lose')} />
                );
              })}
            </span>
          ))}
        </span>
        <span className="qlobby__foot muted">
          {t('lobby.limits', { min: amountText(entry.minBet), max: amountText(entry.maxBet) })}
          <b className="qlobby__enter">{t('lobby.enter')}</b>
        </span>
      </button>
    </li>
  );
}

export function CardsLobby() {
  const { t } = useTranslation('cards');
  const lobby = useQuery({ queryKey: [TABLE_KEY, 'lobby', 'QP'], queryFn: () => tableLobby('QP'), refetchOnWindowFocus: false });
  const [live, setLive] = useState<Record<string, Live>>({});
  const codes = useMemo(() => (lobby.data ?? []).map((e) => e.gameCode).join(','), [lobby.data]);
  const onState = useCallback((s: TableStateWire) => {
    setLive((all) => {
      const cur = all[s.gameCode] ?? { state: null, offsetMs: 0, recent: [] };
      const state = newerState(cur.state, s);
      const recent =
        s.status === 'settled' && s.outcome && !cur.recent.some((r) => r.seq === s.seq)
          ? [{ seq: s.seq, outcome: s.outcome }, ...cur.recent].slice(0, 8)
          : cur.recent;
      if (state === cur.state && recent === cur.recent) return all;
      return { ...all, [s.gameCode]: { state, offsetMs: state === cur.state ? cur.offsetMs : clockOffsetMs(s), recent } };
    });
  }, []);
  useEffect(() => {
    if (!codes) return;
    return subscribeTables(codes.split(','), onState);
  }, [codes, onState]);
  return (
    <section className="qlobby" data-testid="qp-lobby">
      <h3>{t('lobby.title')}</h3>
      <p className="muted qlobby__desc">{t('lobby.desc')}</p>
      {lobby.data && lobby.data.length === 0 && <p className="muted">{t('lobby.none')}</p>}
      <ul className="qlobby__list">
        {(lobby.data ?? []).map((e) => (
          <LobbyTable key={e.gameCode} entry={e} live={live[e.gameCode]} />
        ))}
      </ul>
    </section>
  );
}
