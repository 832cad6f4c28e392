/**
 * The slot machine and its controls: balance, bet level, spin (and autoplay where the pace allows it), last win.
 * A spin click sends `spin` with a new idempotency key (a retry after a network error re-sends the same key),
 * the reels run until the answer and at least pace.minSpinMs, then stop left to right on the answer's stops,
 * the wins light up, the free spins play stage by stage, the jackpot shows, and the page acks the round.
 * A round the page never showed (slotInfo.unshown) is shown first under "上一局结果" and acked.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Select, Space } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined, SwapOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusCode, type SlotInfoWire, type SlotRoundWire } from '@portal/contract';
import { REEL_COUNT, type SlotDef, type SpinOutcome, type SpinStage } from '@portal/games';
import { parseWireAmount } from '@portal/rules';
import { ApiError, NETWORK_ERROR, errorMessage } from '../../../api/errors.ts';
import { bus } from '../../../app/events.ts';
import { randomUuid } from '../../../storage/index.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { money } from '../../../ui/money/index.ts';
import { paletteOf } from './art.ts';
import { MiniGrid } from './MiniGrid.tsx';
import { BigWinBurst } from '../fx/BigWinBurst.tsx';
import { bigWinTier, type BigWinTier } from '../fx/bigWin.ts';
import { SLOT_KEY, slotCall } from './api.ts';
import { gridAt, stripsOf, winCells } from './reels.ts';
import { LAND_MS, SlotCanvas, type ReelCommand } from './SlotCanvas.tsx';

/** How long the reels run at least (ms) when the pace asks for less: normal, and with reduced motion. */
export const SPIN_MS = { normal: 1600, reduced: 300 } as const;
const REEL_GAP_MS = 180;
export const AUTO_COUNTS = [10, 25, 50] as const;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const fen = (wire: string | null | undefined) => parseWireAmount(wire) ?? 0;

export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Whether a round's win gets the big-win celebration: any win, or only above the stake under the regulated pace. */
export function celebrates(winFen: number, betFen: number, onlyAboveStake: boolean): boolean {
  return winFen > 0 && (!onlyAboveStake || winFen > betFen);
}

export interface SlotGameProps {
  def: SlotDef;
  info: SlotInfoWire;
  enName: string;
  lang: 'zh-CN' | 'zh-TW';
  /** The chosen total bet (a wire amount of info.betLevels); the page keeps it (the paytable shows its pays). */
  bet: string;
  onBet: (bet: string) => void;
}

interface WinShow {
  fen: number;
  jackpotFen: number;
  celebrate: boolean;
  /** The big-win tier by win ÷ stake (大奖 / 巨奖 / 超级巨奖), or null under 10×. */
  tier: BigWinTier | null;
  stakeFen: number;
}

interface FreeShow {
  n: number;
  total: number;
  multiplier: number;
  added: number;
}

export function SlotGame({ def, info, enName, lang, bet, onBet }: SlotGameProps) {
  const { t } = useTranslation('slot');
  const qc = useQueryClient();
  const gameCode = def.code;
  const palette = paletteOf(gameCode);
  const names = Object.fromEntries(def.symbols.map((s) => [s.id, s.names[lang]]));
  const reducedMotion = prefersReducedMotion();
  const pace = info.pace;

  const [balanceFen, setBalanceFen] = useState(() => fen(info.balance));
  const betFen = fen(bet);
  const [reels, setReels] = useState<ReelCommand[]>(() => {
    const stops = info.unshown?.outcome.base.stops ?? [0, 0, 0, 0, 0];
    return stops.map((stop) => ({ kind: 'stop', stop }));
  });
  const [stage, setStage] = useState<'base' | 'free'>('base');
  const [hi, setHi] = useState<{ cells: Array<[number, number]>; lines: number[] }>({ cells: [], lines: [] });
  const [busy, setBusy] = useState(false);
  const [free, setFree] = useState<FreeShow | null>(null);
  const [freeBanner, setFreeBanner] = useState<number | null>(null);
  const [win, setWin] = useState<WinShow | null>(null);
  const [lastWinFen, setLastWinFen] = useState<number | null>(null);
  const [unshown, setUnshown] = useState<SlotRoundWire | null>(info.unshown);
  const [autoCount, setAutoCount] = useState<number>(AUTO_COUNTS[0]);
  const [autoLeft, setAutoLeft] = useState(0);

  const alive = useRef(true);
  const autoStop = useRef(false);
  const balanceRef = useRef(balanceFen);
  balanceRef.current = balanceFen;
  /** The key of a spin whose answer was lost (network error): the retry re-sends it. */
  const pendingKey = useRef<{ bet: string; key: string } | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      autoStop.current = true;
    };
  }, []);

  // The venue balance as slotInfo answers it (entry, a refresh after a transfer) while no round is in play.
  useEffect(() => {
    if (!busy) setBalanceFen(fen(info.balance));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer of slotInfo
  }, [info.balance]);

  const showWins = (st: SpinStage) => {
    setHi({
      cells: st.wins.flatMap((w) => winCells(def, st.grid, w)),
      lines: st.wins.flatMap((w) => (w.kind === 'line' && w.line !== undefined ? [w.line] : [])),
    });
  };

  // A round the page never showed: its grid and win first, then ack.
  const ackedUnshown = useRef(false);
  useEffect(() => {
    const round = info.unshown;
    if (!round || ackedUnshown.current) return;
    ackedUnshown.current = true;
    showWins(round.outcome.base);
    void slotCall(enName, gameCode, 'ack', { roundId: round.roundId }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on entry
  }, []);

  const setReel = (reel: number, cmd: ReelCommand) => setReels((prev) => prev.map((c, i) => (i === reel ? cmd : c)));

  /** Stops the reels left to right so that the last one has landed at `endAt` (or as soon as possible). */
  const stopReels = async (stops: number[], endAt: number) => {
    const land = reducedMotion ? 0 : LAND_MS;
    const gap = reducedMotion ? 0 : REEL_GAP_MS;
    for (let reel = 0; reel < REEL_COUNT; reel++) {
      await sleep(endAt - land - (REEL_COUNT - 1 - reel) * gap - Date.now());
      if (!alive.current) return;
      setReel(reel, { kind: 'stop', stop: stops[reel]! });
    }
    await sleep(Math.max(land, endAt - Date.now()));
  };

  const reveal = async (round: SlotRoundWire, startedAt: number, roundBetFen: number) => {
    const o = round.outcome;
    const minMs = Math.max(pace.minSpinMs, reducedMotion ? SPIN_MS.reduced : SPIN_MS.normal);
    await stopReels(o.base.stops, startedAt + minMs);
    if (!alive.current) return;
    showWins(o.base);
    if (o.base.wins.length > 0) setLastWinFen(o.base.winFen);
    const pause = (ms: number) => sleep(reducedMotion ? Math.min(ms, 300) : ms);
    if (o.base.wins.length > 0) await pause(1200);
    if (o.freeSpins.length > 0) {
      let total = o.freeSpinsAwarded;
      setFreeBanner(total);
      await pause(1500);
      setFreeBanner(null);
      setStage('free');
      let sum = o.base.winFen;
      for (let i = 0; i < o.freeSpins.length && alive.current; i++) {
        const st = o.freeSpins[i]!;
        setHi({ cells: [], lines: [] });
        setFree({ n: i + 1, total, multiplier: st.multiplier, added: 0 });
        setReels(Array.from({ length: REEL_COUNT }, () => ({ kind: 'spin' })));
        await stopReels(st.stops, Date.now() + (reducedMotion ? 150 : 900));
        showWins(st);
        total += st.addedSpins;
        sum += st.winFen;
        setLastWinFen(sum);
        setFree({ n: i + 1, total, multiplier: st.multiplier, added: st.addedSpins });
        if (st.wins.length > 0 || st.addedSpins > 0) await pause(900);
        else await pause(250);
      }
    }
    const jackpotFen = o.jackpotHit ? fen(round.jackpotWin) : 0;
    const totalFen = o.totalWinFen + jackpotFen;
    setLastWinFen(totalFen);
    const stakeFen = fen(round.bet) || roundBetFen;
    setWin({
      fen: totalFen,
      jackpotFen,
      celebrate: celebrates(totalFen, stakeFen, pace.celebrateOnlyAboveStake),
      tier: bigWinTier(totalFen, stakeFen),
      stakeFen,
    });
    void slotCall(enName, gameCode, 'ack', { roundId: round.roundId }).catch(() => undefined);
  };

  /** One paid spin, animated to the end; the round, or null when it failed. */
  const spinOnce = async (): Promise<SlotRoundWire | null> => {
    const roundBet = bet;
    const roundBetFen = fen(roundBet);
    setBusy(true);
    setWin(null);
    setFree(null);
    setUnshown(null);
    setStage('base');
    setHi({ cells: [], lines: [] });
    setLastWinFen(null);
    const startedAt = Date.now();
    const before = reels;
    setReels(Array.from({ length: REEL_COUNT }, () => ({ kind: 'spin' })));
    setBalanceFen((b) => b - roundBetFen);
    const key = pendingKey.current?.bet === roundBet ? pendingKey.current.key : `slot-${randomUuid()}`;
    pendingKey.current = { bet: roundBet, key };
    try {
      const res = await slotCall(enName, gameCode, 'spin', { gameCode, bet: roundBet, idempotencyKey: key });
      const answeredAt = Date.now();
      pendingKey.current = null;
      await reveal(res.round, startedAt, roundBetFen);
      if (alive.current) setBalanceFen(fen(res.balance));
      // The server counts the pace from its receipt of this spin, which came before its answer: the next spin is
      // not sent before answer + minSpinMs (else a slow answer followed by a quick click would meet 6011).
      await sleep(answeredAt + pace.minSpinMs - Date.now());
      return res.round;
    } catch (e) {
      if (!(e instanceof ApiError && e.status_code === NETWORK_ERROR)) pendingKey.current = null;
      if (alive.current) {
        setReels(before.map((c) => (c.kind === 'stop' ? c : { kind: 'stop', stop: 0 })));
        setBalanceFen((b) => b + roundBetFen);
        const handled = e instanceof ApiError && (e.handled || e.status_code === StatusCode.UID_VERIFICATION);
        if (!handled) notify.error(errorMessage(e));
      }
      return null;
    } finally {
      if (alive.current) setBusy(false);
      void qc.invalidateQueries({ queryKey: [SLOT_KEY, enName, gameCode, 'rounds'] });
      void qc.invalidateQueries({ queryKey: [SLOT_KEY, enName, gameCode, 'seeds'] });
    }
  };

  const canSpin = !busy && betFen > 0 && balanceFen >= betFen;

  const spinClick = () => {
    if (!canSpin) return;
    void spinOnce();
  };

  const runAuto = async (count: number) => {
    autoStop.current = false;
    for (let left = count; left > 0; left--) {
      if (autoStop.current || !alive.current || balanceRef.current < betFen) break;
      setAutoLeft(left);
      const round = await spinOnce();
      if (!round) break;
      const o = round.outcome;
      if (o.freeSpinsAwarded > 0 || o.jackpotHit) break;
      await sleep(reducedMotion ? 100 : 400);
    }
    if (alive.current) setAutoLeft(0);
  };

  const openTransfer = () =>
    bus.emit('show_venue_entry', {
      message: t('transferHint'),
      channelCode: enName.toUpperCase(),
      onEnter: () => void qc.invalidateQueries({ queryKey: [SLOT_KEY, enName, gameCode, 'info'] }),
    });

  const strips = stripsOf(def, stage);
  const insufficient = !busy && betFen > 0 && balanceFen < betFen;
  const unshownOutcome = unshown?.outcome;

  return (
    <div
      className={`slot-game${win?.celebrate ? ' slot-game--celebrate' : ''}`}
      data-testid="slot-game"
      style={{ ['--slot-accent' as string]: palette.accent }}
    >
      {unshown && unshownOutcome && (
        <Alert
          className="slot-unshown"
          data-testid="slot-unshown"
          type="info"
          showIcon
          closable
          onClose={() => setUnshown(null)}
          title={t('unshown.title')}
          description={
            <>
              <p>
                {t('unshown.text', { bet: money(unshown.bet), win: money(fen(unshown.win) + fen(unshown.jackpotWin)) })}
                {unshownOutcome.freeSpins.length > 0 && t('unshown.free', { n: unshownOutcome.freeSpins.length })}
              </p>
              <MiniGrid def={def} grid={unshownOutcome.base.grid} names={names} />
            </>
          }
        />
      )}
      <div className="slot-machine" style={{ background: `linear-gradient(180deg, ${palette.frame[0]}, ${palette.frame[1]})` }}>
        <div className="slot-machine__top">
          <strong className="slot-machine__name">{def.names[lang]}</strong>
          {info.pool && (
            <span className="slot-machine__pool" data-testid="slot-pool">
              {t('pool')} {money(info.pool.amount)}
            </span>
          )}
          {free && (
            <span className="slot-machine__free" data-testid="slot-free">
              {t('free.progress', { n: free.n, total: free.total })} · {t('free.multiplier', { m: free.multiplier })}
              {free.added > 0 && ` · ${t('free.added', { n: free.added })}`}
            </span>
          )}
        </div>
        <div className="slot-machine__window">
          <SlotCanvas
            def={def}
            palette={palette}
            strips={strips}
            reels={reels}
            cells={hi.cells}
            lines={hi.lines}
            names={names}
            reducedMotion={reducedMotion}
            label={t('reels', { name: def.names[lang] })}
          />
          {freeBanner !== null && (
            <div className="slot-overlay slot-overlay--free" data-testid="slot-free-banner">
              {t('free.awarded', { n: freeBanner })}
            </div>
          )}
          {win && win.fen > 0 && (
            <div className={`slot-overlay${win.celebrate ? ' slot-overlay--celebrate' : ' slot-overlay--quiet'}`} data-testid="slot-win">
              {win.jackpotFen > 0 && <div className="slot-overlay__jackpot">{t('jackpot.hit')}</div>}
              {win.celebrate && win.tier && win.jackpotFen === 0 ? (
                <BigWinBurst tier={win.tier} amountFen={win.fen} stakeFen={win.stakeFen} reducedMotion={reducedMotion} />
              ) : (
                <div>{t('win', { amount: money(win.fen) })}</div>
              )}
            </div>
          )}
        </div>
      </div>
      <div className="slot-controls">
        <div className="slot-stat" data-testid="slot-balance">
          <span>{t('balance')}</span>
          <strong>{money(balanceFen)}</strong>
        </div>
        <div className="slot-stat">
          <span>{t('betLevel')}</span>
          <Select
            aria-label={t('betLevel')}
            data-testid="slot-bet"
            value={bet}
            disabled={busy || autoLeft > 0}
            onChange={(v) => {
              onBet(v);
              pendingKey.current = null;
            }}
            options={info.betLevels.map((b) => ({ value: b, label: money(b) }))}
            popupMatchSelectWidth={false}
          />
        </div>
        <div className="slot-stat" data-testid="slot-last-win">
          <span>{t('lastWin')}</span>
          <strong>{lastWinFen === null ? '--' : money(lastWinFen)}</strong>
        </div>
        <Space className="slot-controls__buttons" wrap>
          <Button
            type="primary"
            size="large"
            shape="round"
            className="slot-spin"
            data-testid="slot-spin"
            icon={busy ? <SyncOutlined spin={!reducedMotion} /> : <PlayCircleOutlined />}
            disabled={!canSpin || autoLeft > 0}
            onClick={spinClick}
          >
            {busy ? t('spinning') : t('spin')}
          </Button>
          {pace.autoplay &&
            (autoLeft > 0 ? (
              <Button
                size="large"
                danger
                icon={<PauseCircleOutlined />}
                data-testid="slot-auto-stop"
                onClick={() => (autoStop.current = true)}
              >
                {t('auto.stop', { n: autoLeft })}
              </Button>
            ) : (
              <Space.Compact data-testid="slot-auto">
                <Select
                  aria-label={t('auto.count')}
                  size="large"
                  value={autoCount}
                  onChange={setAutoCount}
                  options={AUTO_COUNTS.map((n) => ({ value: n, label: n }))}
                  disabled={busy}
                />
                <Button size="large" disabled={!canSpin} onClick={() => void runAuto(autoCount)}>
                  {t('auto.start', { n: autoCount })}
                </Button>
              </Space.Compact>
            ))}
        </Space>
      </div>
      {insufficient && (
        <Alert
          className="slot-insufficient"
          data-testid="slot-insufficient"
          type="warning"
          showIcon
          title={t('insufficient')}
          action={
            <Button size="small" type="primary" icon={<SwapOutlined />} onClick={openTransfer}>
              {t('transferIn')}
            </Button>
          }
        />
      )}
    </div>
  );
}

/** The grid a round's base stage shows on this title's strips (what the canvas stands on after the reveal). */
export const baseGridOf = (def: SlotDef, o: SpinOutcome) => gridAt(stripsOf(def, 'base'), o.base.stops);
