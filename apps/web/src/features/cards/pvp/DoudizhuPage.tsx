/**
 * /qp/doudizhu?level=DDZ1 (or ?practice=1): the PvP 斗地主 table (issue 31). Joining holds the level's largest loss
 * (pvpJoin) and waits for two more players; the hand then lives on the socket: the player's own cards as a fan
 * (tap to pick), bidding (不叫 / 1–3 分), play / pass / hint, the turn's timer, the landlord's badge and the bottom
 * cards, the multiple, every seat's latest move (托管 marks the disclosed auto-play), the deal's hash — and the result
 * with the rake shown and the seed revealed. A reconnect restores the hand (the socket asks for it on every login).
 * Practice tables seat two computer players, labelled 电脑, for points. Usable on a phone held sideways.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PvpStateWire } from '@portal/contract';
import { hintFor, type DdzState } from '@portal/games';
import { sendPvp, subscribePvp } from '../../../api/realtime.ts';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { goName } from '../../../routes/nav.ts';
import { amountText } from '../../../ui/money/format.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { venueCall } from '../../game/venueCall.ts';
import { PVP_LOBBY_CODE, PVP_VENUE, bidOptions, cardFace, myTurn, othersOf, trickOf } from './model.ts';
import './pvp.css';

const key = () => `pvp-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

function Card({ c, picked, onClick, small }: { c: number; picked?: boolean; onClick?: () => void; small?: boolean }) {
  const f = cardFace(c);
  return (
    <button
      type="button"
      className={`ddz-card${f.red ? ' ddz-card--red' : ''}${f.joker ? ' ddz-card--joker' : ''}${picked ? ' ddz-card--picked' : ''}${small ? ' ddz-card--small' : ''}`}
      onClick={onClick}
      disabled={!onClick}
      data-card={c}
    >
      <span>{f.text}</span>
      {f.suit && <i>{f.suit}</i>}
    </button>
  );
}

function useSecondsTo(deadline: number, offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((deadline - (now + offsetMs)) / 1000));
}

function Seat({ s, seat, right }: { s: PvpStateWire; seat: number; right?: boolean }) {
  const { t } = useTranslation('cards');
  const x = s.seats[seat]!;
  const move = trickOf(s).get(seat);
  return (
    <div
      className={`ddz-seat${right ? ' ddz-seat--right' : ''}${s.turn === seat && s.phase !== 'done' ? ' ddz-seat--turn' : ''}`}
      data-testid={`ddz-seat-${seat}`}
    >
      <div className="ddz-seat__who">
        <b>{x.computer ? t('pvp.computer') : x.name}</b>
        {x.computer && <em className="ddz-badge ddz-badge--computer">{t('pvp.computer')}</em>}
        {x.landlord && <em className="ddz-badge ddz-badge--landlord">{t('pvp.landlord')}</em>}
        {x.auto && <em className="ddz-badge ddz-badge--auto">{t('pvp.auto')}</em>}
        {!x.connected && <em className="ddz-badge">{t('pvp.offline')}</em>}
        <span className="muted">{t('pvp.cards', { n: x.cards })}</span>
      </div>
      <Move move={move} />
    </div>
  );
}

function Move({ move }: { move: ReturnType<typeof trickOf> extends Map<number, infer V> ? V | undefined : never }) {
  const { t } = useTranslation('cards');
  if (!move) return <div className="ddz-move" />;
  return (
    <div className="ddz-move" data-testid="ddz-move">
      {move.play ? (
        <>
          <span className="ddz-move__type">{t(`pvp.type.${move.play.type}`)}</span>
          {move.play.cards.map((c) => (
            <Card key={c} c={c} small />
          ))}
        </>
      ) : (
        <span className="muted">{t('pvp.passed')}</span>
      )}
      {move.auto && <em className="ddz-badge ddz-badge--auto">{t('pvp.autoMark')}</em>}
    </div>
  );
}

function Result({ s, onAgain }: { s: PvpStateWire; onAgain: () => void }) {
  const { t } = useTranslation('cards');
  const r = s.result;
  if (s.phase === 'void')
    return (
      <div className="ddz-result" data-testid="ddz-result">
        <p>{t('pvp.void')}</p>
        <Button type="primary" onClick={onAgain}>
          {t('pvp.again')}
        </Button>
      </div>
    );
  if (!r) return null;
  const mine = r.seats[s.seat]!;
  const won = Number(mine.gross) > 0;
  const money = (v: string) => (s.practice ? v : amountText(v));
  return (
    <div className={`ddz-result ddz-result--${won ? 'win' : 'lose'}`} data-testid="ddz-result">
      <h3>{won ? t('pvp.win') : t('pvp.lose')}</h3>
      <p>
        {t('pvp.multiple', { n: r.multiple })}
        {r.spring && ` · ${t('pvp.spring')}`}
        {r.antiSpring && ` · ${t('pvp.antiSpring')}`}
      </p>
      <table>
        <thead>
          <tr>
            <th />
            <th>{t('pvp.gross')}</th>
            <th>{t('pvp.rake')}</th>
            <th>{t('pvp.net')}</th>
          </tr>
        </thead>
        <tbody>
          {r.seats.map((x) => (
            <tr key={x.seat} data-testid={`ddz-result-${x.seat}`}>
              <td>
                {x.seat === s.seat ? t('pvp.you') : s.seats[x.seat]!.computer ? t('pvp.computer') : s.seats[x.seat]!.name}
                {s.landlord === x.seat && ` (${t('pvp.landlord')})`}
              </td>
              <td>{money(x.gross)}</td>
              <td data-testid="ddz-rake">{money(x.rake)}</td>
              <td>{money(x.net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted ddz-hash">
        {t('pvp.deckHash')}: {s.deckHash}
        <br />
        {t('pvp.seed')}: {r.seed}
      </p>
      <Button type="primary" onClick={onAgain} data-testid="ddz-again">
        {t('pvp.again')}
      </Button>
    </div>
  );
}

export function DoudizhuPage() {
  const { t } = useTranslation('cards');
  const [params] = useSearchParams();
  const practice = params.get('practice') === '1';
  const level = params.get('level') ?? 'DDZ1';
  const [state, setState] = useState<PvpStateWire | null>(null);
  const [offsetMs, setOffsetMs] = useState(0);
  const [waiting, setWaiting] = useState<string | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);

  useEffect(
    () =>
      subscribePvp({
        onState: (s) => {
          setState((cur) => (cur && cur.handId === s.handId && cur.version > s.version ? cur : s));
          setOffsetMs(s.serverNow - Date.now());
          setWaiting(null);
        },
        onNoHand: setWaiting,
        onRefused: (reason) => notify.warning(reason),
      }),
    [],
  );
  useEffect(() => setPicked(new Set()), [state?.handId, state?.hand.length]);

  const join = async () => {
    setBusy(true);
    try {
      const r = await venueCall(PVP_VENUE, PVP_LOBBY_CODE, 'pvpJoin', { level, practice, idempotencyKey: key() });
      setState(null);
      if (!r.handId) setWaiting(r.level);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const leave = async () => {
    try {
      await venueCall(PVP_VENUE, PVP_LOBBY_CODE, 'pvpLeave', { idempotencyKey: key() });
      setWaiting(null);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
    }
  };

  const seconds = useSecondsTo(state?.deadline ?? 0, offsetMs);
  const hint = useMemo(() => {
    if (!state || !myTurn(state) || state.phase !== 'playing') return null;
    const hands = [[], [], []] as number[][];
    hands[state.seat] = state.hand;
    const fake = { hands, turn: state.seat, last: state.last } as unknown as DdzState;
    return hintFor(fake);
  }, [state]);

  if (!state)
    return (
      <div className="game-full ddz-page" data-testid="ddz-page">
        <div className="ddz-join">
          <h2>{practice ? t('pvp.practiceShort') : t('pvp.lobbyTitle')}</h2>
          <p className="muted">{practice ? t('pvp.practiceNote') : t('pvp.lobbyDesc', { rake: '' })}</p>
          <p className="muted">{t('pvp.autoRule')}</p>
          {waiting ? (
            <>
              <p data-testid="ddz-matching">{t('pvp.matching')}</p>
              <Button onClick={() => void leave()}>{t('pvp.leave')}</Button>
            </>
          ) : (
            <Button type="primary" loading={busy} onClick={() => void join()} data-testid="ddz-join">
              {practice ? t('pvp.practiceShort') : t('pvp.join')}
            </Button>
          )}
          <Button type="link" onClick={() => goName('chess')}>
            {t('pvp.back')}
          </Button>
        </div>
      </div>
    );

  const s = state;
  const [right, left] = othersOf(s);
  const mine = myTurn(s);
  const toggle = (c: number) =>
    setPicked((p) => {
      const n = new Set(p);
      if (n.has(c)) n.delete(c);
      else n.add(c);
      return n;
    });
  const play = (cards: number[]) => sendPvp({ msgId: 41004, msgData: { handId: s.handId, cards } });
  const over = s.phase === 'done' || s.phase === 'void';
  return (
    <div className="game-full ddz-page" data-testid="ddz-page" data-phase={s.phase}>
      <header className="ddz-bar">
        <b>{s.practice ? t('pvp.practiceShort') : t('pvp.lobbyTitle')}</b>
        <span data-testid="ddz-multiple">{t('pvp.multiple', { n: s.multiple })}</span>
        <span className="muted ddz-hash" title={s.deckHash}>
          {t('pvp.deckHash')} {s.deckHash.slice(0, 12)}…
        </span>
      </header>
      <div className="ddz-table">
        <Seat s={s} seat={left} />
        <div className="ddz-centre">
          <div className="ddz-bottom" data-testid="ddz-bottom">
            <span className="muted">{t('pvp.bottom')}</span>
            {s.bottom
              ? s.bottom.map((c) => <Card key={c} c={c} small />)
              : [0, 1, 2].map((i) => <span key={i} className="ddz-card ddz-card--back ddz-card--small" />)}
          </div>
          {!over && (
            <div className="ddz-timer" data-testid="ddz-timer">
              {mine ? t('pvp.yourTurn') : ''} {t('pvp.seconds', { s: seconds })}
            </div>
          )}
          {over && <Result s={s} onAgain={() => void join()} />}
        </div>
        <Seat s={s} seat={right} right />
      </div>
      <div className="ddz-me" data-testid="ddz-me">
        <div className="ddz-seat__who">
          <b>{t('pvp.you')}</b>
          {s.seats[s.seat]!.landlord && <em className="ddz-badge ddz-badge--landlord">{t('pvp.landlord')}</em>}
          {s.seats[s.seat]!.auto && <em className="ddz-badge ddz-badge--auto">{t('pvp.auto')}</em>}
        </div>
        <Move move={trickOf(s).get(s.seat)} />
        <div className="ddz-actions">
          {mine && s.phase === 'bidding' && (
            <>
              <Button onClick={() => sendPvp({ msgId: 41003, msgData: { handId: s.handId, bid: 0 } })} data-testid="ddz-bid-0">
                {t('pvp.noBid')}
              </Button>
              {bidOptions(s).map((b) => (
                <Button
                  key={b}
                  type="primary"
                  onClick={() => sendPvp({ msgId: 41003, msgData: { handId: s.handId, bid: b } })}
                  data-testid={`ddz-bid-${b}`}
                >
                  {t('pvp.points', { n: b })}
                </Button>
              ))}
            </>
          )}
          {mine && s.phase === 'playing' && (
            <>
              <Button disabled={s.last === null} onClick={() => play([])} data-testid="ddz-pass">
                {t('pvp.pass')}
              </Button>
              <Button onClick={() => setPicked(new Set(hint?.cards ?? []))} data-testid="ddz-hint">
                {t('pvp.hint')}
              </Button>
              <Button type="primary" disabled={picked.size === 0} onClick={() => play([...picked])} data-testid="ddz-play">
                {t('pvp.play')}
              </Button>
            </>
          )}
        </div>
        <div className="ddz-hand" data-testid="ddz-hand">
          {s.hand.map((c) => (
            <Card key={c} c={c} picked={picked.has(c)} onClick={mine && s.phase === 'playing' ? () => toggle(c) : undefined} />
          ))}
        </div>
      </div>
    </div>
  );
}
