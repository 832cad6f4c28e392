/**
 * /by/game?gameCode=BY1: a fishing room. Seats the player in the hall (fishing/join), draws the ocean with PixiJS
 * (scene.ts, loaded only here), subscribes to the room on the realtime hub (other seats' shots and catches pushed as
 * their batches commit), asks the room's state every FISH_LIMITS.STATE_POLL_MS (new fish, seats, and a resync of the
 * shots), and turns each of the seat's bullets that touches a fish into a shot (fishing/shoot, one key each; a shot
 * left unanswered — no answer, the room moved to another node (6302) — is sent again with its key: shots.ts): the
 * server judges it and the answer's win flies to the seat. Cannon level, auto-fire, lock-on, sound; on a phone held
 * upright a prompt asks to turn it (the room is laid out for landscape).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CANNON_LEVELS_FEN, fishHall, fishAt, type Point } from '@portal/games';
import { FISH_LIMITS, type FishEventWire, type FishRoomPushWire, type FishRoomStateWire, type FishShotAnswerWire } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { onRealtimeStatus, subscribeTables } from '../../api/realtime.ts';
import { goName } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { randomUuid } from '../../storage/items.ts';
import { LoginFirst } from '../game/hostParts.tsx';
import { fishJoin, fishLeave, fishShoot, fishState } from './api.ts';
import { ClientOcean, SEAT_AT, angleTo } from './ocean.ts';
import type { FishScene } from './scene.ts';
import { ShotQueue } from './shots.ts';
import { tone } from './sound.ts';
import './fishing.css';

const yuanOf = (fen: number) => (fen / 100).toFixed(2);
const AUTO_MS = 160;

export function FishingGamePage() {
  const { t } = useTranslation('fishing');
  const token = useSession((s) => s.token);
  const [params] = useSearchParams();
  const hall = fishHall(params.get('gameCode') ?? 'BY1') ?? fishHall('BY1')!;
  const box = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<FishScene | null>(null);
  const [room, setRoom] = useState<{ roomId: string; seat: number } | null>(null);
  const [balance, setBalance] = useState('--');
  const [level, setLevel] = useState(hall.minLevel);
  const [auto, setAuto] = useState(false);
  const [lock, setLock] = useState<string | null>(null);
  const [lockMode, setLockMode] = useState(false);
  const [sound, setSound] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const live = useRef({ level, lock, lockMode, sound, aim: { x: 640, y: 360 } as Point, pending: 0 });
  live.current.level = level;
  live.current.lock = lock;
  live.current.lockMode = lockMode;
  live.current.sound = sound;

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    const ocean = new ClientOcean();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let cursor = 0;
    let roomId = '';
    let seat = 0;
    /** Other seats' shots (pushed, or from a state): each once, by its seq; a new owner's count restarts lower. */
    const others = (events: FishEventWire[], upTo: number, scene: FishScene) => {
      const fresh = upTo < cursor ? events : events.filter((e) => e.seq > cursor);
      cursor = upTo;
      for (const e of fresh) {
        if (e.seat === seat) continue;
        const f = ocean.fish.get(e.fishId);
        const at = f ? fishAt(f, ocean.timeAt(performance.now())) : null;
        if (at) scene.fire(e.seat, at, undefined, 300);
        if (e.killed) {
          for (const id of e.fish) ocean.kill(id);
          if (at) scene.landed(at, e.seat, e.win);
        }
      }
    };
    const poll = async (scene: FishScene) => {
      if (timer) clearTimeout(timer);
      timer = null;
      try {
        const s: FishRoomStateWire = await fishState(roomId, cursor, ocean.fishFrom || undefined);
        if (stopped) return;
        ocean.apply(s, performance.now());
        scene.seats(s.seats);
        others(s.events, s.cursor, scene);
      } catch (e) {
        // A lost or refused answer: the next poll asks again.
        (window as unknown as { __fishPollError?: string }).__fishPollError = errorMessage(e);
      }
      if (!stopped) timer = setTimeout(() => void poll(scene), FISH_LIMITS.STATE_POLL_MS);
    };
    /** A push of the room (the hub's tables channel): others' shots at once; a gap in the seqs asks the state. */
    const pushed = (p: FishRoomPushWire, scene: FishScene) => {
      if (p.kind !== 'fishing' || p.gameCode !== roomId) return;
      if (p.seedId === ocean.seedId) ocean.freezes = p.freezes;
      const gap = p.cursor >= cursor && (p.events[0]?.seq ?? 0) > cursor + 1;
      others(p.events, p.cursor, scene);
      if (gap) void poll(scene);
    };
    let scene0: FishScene | null = null;
    const shots = new ShotQueue<FishShotAnswerWire>({
      send: (o) => fishShoot(roomId, o.fishId, o.level, o.angle, o.key),
      resolve: () => fishState(roomId, cursor),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      answered: (o, a) => {
        const l = live.current;
        l.pending = Math.max(0, l.pending - 1);
        setBalance(a.balance);
        const f = ocean.fish.get(o.fishId);
        const at = (f && fishAt(f, ocean.timeAt(performance.now()))) ?? aimed.get(o.key) ?? null;
        aimed.delete(o.key);
        if (!scene0 || !at) return;
        if (a.killed) {
          for (const id of a.fish) ocean.kill(id);
          scene0.landed(at, seat, a.win);
          setLastWin(a.win);
          if (l.lock && a.fish.includes(l.lock)) setLock(null);
          if (l.sound) tone('catch');
        } else scene0.landed(at, seat, null);
      },
      refused: (o, e) => {
        const l = live.current;
        l.pending = Math.max(0, l.pending - 1);
        aimed.delete(o.key);
        const msg = errorMessage(e);
        if (!/游走|遊走/.test(msg)) setError(msg);
      },
    });
    /** Where each open shot hit (its net lands there if the fish has gone meanwhile). */
    const aimed = new Map<string, Point>();
    const hit = (fishId: string, at: Point) => {
      const l = live.current;
      l.pending++;
      const key = randomUuid();
      aimed.set(key, at);
      shots.fire({ key, fishId, level: l.level, angle: angleTo(SEAT_AT[seat]!, at) });
    };
    (window as unknown as { __fishShots?: unknown }).__fishShots = shots;
    let unsubscribe = () => {};
    // The socket back after a drop: the shots left unanswered go again (same keys), and the state is asked at once.
    const offStatus = onRealtimeStatus((st) => {
      if (st !== 'connected') return;
      shots.resendNow();
      if (scene0) void poll(scene0);
    });
    const online = () => shots.resendNow();
    window.addEventListener('online', online);
    void (async () => {
      try {
        const j = await fishJoin(hall.code);
        if (stopped) return;
        roomId = j.state.roomId;
        seat = j.seat;
        cursor = j.state.cursor;
        ocean.apply(j.state, performance.now());
        setBalance(j.balance);
        setRoom({ roomId, seat });
        const { FishScene } = await import('./scene.ts');
        if (stopped || !box.current) return;
        const scene = await FishScene.create(box.current, ocean, {
          onPointer: (p) => {
            const l = live.current;
            l.aim = p;
            if (l.lockMode) {
              const f = ocean.hit(p, ocean.timeAt(performance.now()));
              setLock(f?.id ?? null);
              return;
            }
            fire(scene, p);
          },
          onHit: (_b, f) => {
            const at = fishAt(f, ocean.timeAt(performance.now()));
            if (at) hit(f.id, at);
          },
        });
        if (stopped) {
          scene.destroy();
          return;
        }
        sceneRef.current = scene;
        scene0 = scene;
        (window as unknown as { __fishScene?: unknown }).__fishScene = { scene, ocean };
        scene.mySeat = seat;
        scene.seats(j.state.seats);
        unsubscribe = subscribeTables([roomId], (p) => pushed(p as unknown as FishRoomPushWire, scene));
        timer = setTimeout(() => void poll(scene), FISH_LIMITS.STATE_POLL_MS);
      } catch (e) {
        setError(errorMessage(e));
      }
    })();
    const fire = (scene: FishScene, p: Point) => {
      const l = live.current;
      if (l.pending >= FISH_LIMITS.BULLETS_IN_FLIGHT - 4) return;
      const locked = l.lock ? ocean.fish.get(l.lock) : undefined;
      const target = locked ? fishAt(locked, ocean.timeAt(performance.now())) : null;
      scene.fire(seat, target ?? p, locked?.id);
      if (l.sound) tone('shot');
    };
    const autoTimer = setInterval(() => {
      const scene = sceneRef.current;
      if (scene && autoRef.current) fire(scene, live.current.aim);
    }, AUTO_MS);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      clearInterval(autoTimer);
      unsubscribe();
      offStatus();
      window.removeEventListener('online', online);
      shots.stop();
      sceneRef.current?.destroy();
      sceneRef.current = null;
      if (roomId) void fishLeave(roomId).catch(() => undefined);
    };
  }, [token, hall.code]);

  const autoRef = useRef(auto);
  autoRef.current = auto;
  if (!token) return <LoginFirst ns="fishing" />;
  const levels = CANNON_LEVELS_FEN.slice(hall.minLevel, hall.maxLevel + 1);
  return (
    <div className="fish-page" data-room={room?.roomId ?? ''} data-seat={room?.seat ?? -1}>
      <div className="fish-page__ocean" ref={box} />
      <div className="fish-hud">
        <span className="fish-hud__hall">{t(`hall.${hall.code}`)}</span>
        <span className="fish-hud__balance" data-testid="fish-balance">
          {t('balance')} ¥{balance}
        </span>
        <span className="fish-hud__win" data-testid="fish-win">
          {lastWin ? `${t('lastWin')} ¥${lastWin}` : ''}
        </span>
        <Segmented
          size="small"
          value={level}
          onChange={(v) => setLevel(Number(v))}
          options={levels.map((f, i) => ({ value: hall.minLevel + i, label: `¥${yuanOf(f)}` }))}
          aria-label={t('cannon')}
        />
        <Button size="small" type={auto ? 'primary' : 'default'} onClick={() => setAuto(!auto)}>
          {t('auto')}
        </Button>
        <Button size="small" type={lockMode ? 'primary' : 'default'} onClick={() => (setLockMode(!lockMode), setLock(null))}>
          {lock ? t('locked') : t('lock')}
        </Button>
        <Button size="small" onClick={() => setSound(!sound)} aria-pressed={sound}>
          {sound ? t('soundOn') : t('soundOff')}
        </Button>
        <Button size="small" danger onClick={() => goName('fishing')}>
          {t('leave')}
        </Button>
      </div>
      {error ? (
        <div className="fish-page__error" role="alert" onClick={() => setError(null)}>
          {error}
        </div>
      ) : null}
      <div className="fish-rotate" aria-hidden={false}>
        <div className="fish-rotate__phone" />
        <p>{t('rotate')}</p>
      </div>
    </div>
  );
}
