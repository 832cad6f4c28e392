/**
 * The lottery category page's draw cards (above its lobby): each house draw from the public tableLobby
 * {category:'CP'} — its name, the countdown to its next draw (kept live by the table pushes), the last draw's
 * numbers drawn small — and a click launches it (launchGame {enName:'crcp', gameCode}; a visitor gets the login
 * prompt there). Guests see the cards too.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableLobbyEntryWire, TableStateWire } from '@portal/contract';
import { subscribeTables } from '../../../api/realtime.ts';
import { formatMinutesSeconds, useCountdown } from '../../../ui/useCountdown.ts';
import { launchGame } from '../launch.ts';
import { LOTTERY_GAMES, LOTTERY_KEY, LOTTERY_VENUE, isLotteryCode, lotteryLobby } from './api.ts';
import { DrawNumbers } from './art.tsx';
import { numbersOf } from './trend.ts';
import { settledSeqOf } from './useDraw.ts';
import './cards.css';

const LOBBY_KEY = [LOTTERY_KEY, 'lobby'];
/** Without a socket (or a missed push) the cards still move on: the lobby again every 30 s. */
const FALLBACK_REFRESH_MS = 30_000;

interface Live {
  state: TableStateWire;
  skewMs: number;
}

function DrawCard({ entry, live, fetchedAt }: { entry: TableLobbyEntryWire; live: Live | null; fetchedAt: number }) {
  const { t } = useTranslation('lottery');
  const code = entry.gameCode.toUpperCase();
  const kind = isLotteryCode(code) ? LOTTERY_GAMES[code] : null;
  const state = live?.state ?? entry.state;
  const skewMs = live ? live.skewMs : entry.state ? entry.state.serverNow - fetchedAt : 0;
  const [left] = useCountdown(state ? state.drawAt - skewMs : null);
  // The newest settled draw: pushed (the state's `last` once its reveal ended), else the lobby's.
  const pushedLast = live?.state.last?.status === 'settled' ? live.state.last : null;
  const last = pushedLast && pushedLast.seq >= (entry.lastDraws[0]?.seq ?? 0) ? pushedLast : entry.lastDraws[0];
  const numbers = kind && last ? numbersOf(kind, last.outcome) : null;
  const maintenance = entry.status === 'maintenance';
  return (
    <button
      type="button"
      className={`lottery-card lottery-card--${kind ?? 'other'}`}
      data-testid="lottery-card"
      data-game={code}
      disabled={maintenance}
      onClick={() => void launchGame({ enName: LOTTERY_VENUE, gameCode: entry.gameCode })}
    >
      <span className="lottery-card__name">{isLotteryCode(code) ? t(`game.${code}`) : entry.name}</span>
      <span className="lottery-card__clock" data-testid="lottery-card-clock">
        {maintenance ? t('card.maintenance') : state ? t('card.next', { time: formatMinutesSeconds(left) }) : t('card.waiting')}
      </span>
      <span className="lottery-card__last">
        {numbers && kind && last ? (
          <>
            <small>{t('card.last', { issue: last.issue })}</small>
            <DrawNumbers kind={kind} numbers={numbers} size={kind === 'race10' ? 18 : 22} />
          </>
        ) : (
          <small>{t('card.noDraw')}</small>
        )}
      </span>
      <span className="lottery-card__go">{t('card.play')}</span>
    </button>
  );
}

export function LotteryCards() {
  const { t } = useTranslation('lottery');
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: LOBBY_KEY,
    queryFn: lotteryLobby,
    refetchOnWindowFocus: false,
    staleTime: 10_000,
    refetchInterval: FALLBACK_REFRESH_MS,
  });
  const [live, setLive] = useState<Record<string, Live>>({});
  const settled = useRef<Record<string, number>>({});
  const codes = (q.data ?? []).map((e) => e.gameCode).join(',');
  useEffect(() => {
    if (!codes) return;
    return subscribeTables(codes.split(','), (s) => {
      setLive((m) =>
        m[s.gameCode] && m[s.gameCode]!.state.version >= s.version
          ? m
          : { ...m, [s.gameCode]: { state: s, skewMs: s.serverNow - Date.now() } },
      );
      // A draw settled: the card's last numbers come from the lobby again.
      if (settledSeqOf(s) > (settled.current[s.gameCode] ?? 0)) {
        const first = settled.current[s.gameCode] === undefined;
        settled.current[s.gameCode] = settledSeqOf(s);
        if (!first) void qc.invalidateQueries({ queryKey: LOBBY_KEY });
      }
    });
  }, [codes, qc]);
  if (!q.data?.length) return null;
  return (
    <section className="lottery-cards" data-testid="lottery-cards" aria-label={t('card.title')}>
      <h3>{t('card.title')}</h3>
      <p className="lottery-cards__rng muted">{t('rng')}</p>
      <div className="lottery-cards__list">
        {q.data.map((e) => (
          <DrawCard key={e.gameCode} entry={e} live={live[e.gameCode] ?? null} fetchedAt={q.dataUpdatedAt} />
        ))}
      </div>
    </section>
  );
}
