/**
 * The realbet page's multi-table lobby: every house table of category ZR from the public tableLobby (guests see
 * it too), each card with its name, its round's status (下注中 and the seconds left, 开奖中 …) and for baccarat and
 * dragon tiger the shoe's big road and its 好路 (long runs, 单跳, 双跳), for sic bo and roulette the last results — live over the socket (every
 * table's state as it changes, newer versions only). A click launches the table (launchGame: a guest is asked to
 * log in first).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CoupResultWire, TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { goodRoads, type GoodRoad } from '@portal/games';
import { subscribeTables } from '../../../api/realtime.ts';
import { amountText } from '../../../ui/money/format.ts';
import { launchGame } from '../launch.ts';
import { TABLE_KEY, ZR_VENUE, tableLobby } from './api.ts';
import { useSecondsLeft } from './Countdown.tsx';
import { clockOffsetMs, newerState } from './model.ts';
import { GoodRoadAlerts, GoodRoadBadges } from './GoodRoads.tsx';
import './goodRoads.css';
import { RecentStrip, type RecentOutcome } from './RecentStrip.tsx';
import { MiniBigRoad } from './Roads.tsx';
import './table.css';
import './roads.css';

/** Results a lobby card keeps from pushes (the big road of one shoe at most ~80). */
const KEPT = 90;

interface Live {
  state: TableStateWire | null;
  offsetMs: number;
  /** Coups and outcomes pushed since the lobby answered, by round. */
  coups: Map<number, TableStateWire>;
}

function LobbyCard({
  entry,
  live,
  onGood,
}: {
  entry: TableLobbyEntryWire;
  live: Live | undefined;
  /** Tells the lobby this table's good roads (the header's 好路提醒). */
  onGood: (gameCode: string, roads: GoodRoad[]) => void;
}) {
  const { t } = useTranslation('table');
  const state = live?.state ?? entry.state;
  const seconds = useSecondsLeft(state, live?.offsetMs ?? (entry.state ? clockOffsetMs(entry.state) : 0));
  const shoeNo = entry.state?.shoe?.shoeNo ?? 0;
  const pushed = useMemo(
    () =>
      [...(live?.coups.values() ?? [])].filter(
        (s) =>
          !entry.state ||
          s.seq > entry.state.seq ||
          (s.seq === entry.state.seq && !entry.state.coup && !entry.lastDraws.some((d) => d.seq === s.seq)),
      ),
    [live?.coups, entry.state, entry.lastDraws],
  );
  const cardTable = entry.kind === 'baccarat' || entry.kind === 'dragonTiger';
  const results: CoupResultWire[] = useMemo(() => {
    const newest = pushed.reduce((n, s) => Math.max(n, s.shoe?.shoeNo ?? 0), shoeNo);
    const base = newest === shoeNo ? entry.shoeResults : [];
    return [...base, ...pushed.filter((s) => s.coup && (s.shoe?.shoeNo ?? 0) === newest).map((s) => s.coup!)];
  }, [entry.shoeResults, pushed, shoeNo]);
  const good = useMemo(() => (cardTable ? goodRoads(results) : []), [cardTable, results]);
  const goodKey = JSON.stringify(good);
  useEffect(() => onGood(entry.gameCode, good), [goodKey]); // eslint-disable-line react-hooks/exhaustive-deps -- the roads' content is goodKey
  const recent: RecentOutcome[] = [
    ...pushed
      .filter((s) => s.outcome)
      .map((s) => ({ seq: s.seq, outcome: s.outcome }))
      .reverse(),
    // The lobby's own round when it answered settled (the socket only brings later ones).
    ...(entry.state?.outcome && !pushed.some((s) => s.seq === entry.state!.seq)
      ? [{ seq: entry.state.seq, outcome: entry.state.outcome }]
      : []),
    ...entry.lastDraws.filter((d) => d.seq !== entry.state?.seq).map((d) => ({ seq: d.seq, outcome: d.outcome })),
  ].slice(0, 12);
  const launch = () => {
    if (entry.status !== 'maintenance') void launchGame({ enName: ZR_VENUE, gameCode: entry.gameCode });
  };
  const status =
    entry.status === 'maintenance' || !state
      ? 'maintenance'
      : state.status === 'betting'
        ? seconds > 0
          ? 'betting'
          : 'closed'
        : state.status;
  return (
    <li>
      <div
        role="button"
        tabIndex={0}
        aria-disabled={entry.status === 'maintenance'}
        className={`tlobby__card tlobby__card--${entry.kind}${good.length > 0 ? ' tlobby__card--good' : ''}`}
        data-testid={`lobby-table-${entry.gameCode}`}
        onClick={launch}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') launch();
        }}
      >
        <span className="tlobby__head">
          <b className="tlobby__name">{entry.name}</b>
          <span className={`tlobby__status tlobby__status--${status}`} data-testid="lobby-status">
            {t(`status.${status}`)}
            {status === 'betting' ? ` ${t('seconds', { count: seconds })}` : ''}
          </span>
        </span>
        <GoodRoadBadges roads={good} dragonTiger={entry.kind === 'dragonTiger'} />
        <span className="tlobby__board">
          {cardTable ? <MiniBigRoad results={results} /> : <RecentStrip kind={entry.kind} list={recent} />}
        </span>
        <span className="tlobby__foot muted">{t('lobby.limits', { min: amountText(entry.minBet), max: amountText(entry.maxBet) })}</span>
      </div>
    </li>
  );
}

export function TableLobby() {
  const { t } = useTranslation('table');
  const lobby = useQuery({ queryKey: [TABLE_KEY, 'lobby', 'ZR'], queryFn: () => tableLobby('ZR'), refetchOnWindowFocus: false });
  const [live, setLive] = useState<Record<string, Live>>({});
  const [good, setGood] = useState<Record<string, GoodRoad[]>>({});
  const onGood = useCallback((code: string, roads: GoodRoad[]) => setGood((all) => ({ ...all, [code]: roads })), []);
  const codes = useMemo(() => (lobby.data ?? []).map((e) => e.gameCode), [lobby.data]);
  const onState = useCallback((s: TableStateWire) => {
    setLive((all) => {
      const cur = all[s.gameCode] ?? { state: null, offsetMs: 0, coups: new Map() };
      const state = newerState(cur.state, s);
      let coups = cur.coups;
      if (s.status === 'settled' && (s.coup || s.outcome) && !coups.has(s.seq)) {
        coups = new Map(coups).set(s.seq, s);
        if (coups.size > KEPT) coups.delete(coups.keys().next().value as number);
      }
      if (state === cur.state && coups === cur.coups) return all;
      return { ...all, [s.gameCode]: { state, offsetMs: state === cur.state ? cur.offsetMs : clockOffsetMs(s), coups } };
    });
  }, []);
  const key = codes.join(',');
  useEffect(() => {
    if (!key) return;
    return subscribeTables(key.split(','), onState);
  }, [key, onState]);
  if (!lobby.data?.length) return null;
  return (
    <section className="tlobby" data-testid="table-lobby">
      <header className="tlobby__bar">
        <h3>{t('lobby.title')}</h3>
        <span className="muted">{t('notice')}</span>
        <GoodRoadAlerts entries={lobby.data} good={good} />
      </header>
      <ul className="tlobby__grid">
        {lobby.data.map((e) => (
          <LobbyCard key={e.gameCode} entry={e} live={live[e.gameCode]} onGood={onGood} />
        ))}
      </ul>
    </section>
  );
}
