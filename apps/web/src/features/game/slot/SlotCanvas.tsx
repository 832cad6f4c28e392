/**
 * The 5×3 reel window on a canvas (2D API, no library): each reel spins downwards until the page tells it where to
 * stop, then lands on that stop with a short bounce. What a reel shows comes from reels.ts (`reelCells`), so a
 * stopped window is exactly `gridAt(strips, stops)` — the outcome's grid. Winning cells glow and paylines are
 * drawn across them. Without a 2D context (component tests) nothing is drawn; the element still carries the grid
 * it stands on (data-grid) and its state.
 */
import { useEffect, useRef } from 'react';
import { REEL_COUNT, ROW_COUNT, type SlotDef } from '@portal/games';
import type { Palette } from './art.ts';
import { gridAt, landingEase, landingPosition, reelCells, spinningPosition, visibleRows, type Strips } from './reels.ts';
import { symbolImage } from './symbols/index.ts';
import { drawWinningCell } from './winFx.ts';

export type ReelCommand = { kind: 'spin' } | { kind: 'stop'; stop: number };

export interface SlotCanvasProps {
  def: SlotDef;
  palette: Palette;
  strips: Strips;
  reels: ReelCommand[];
  /** Winning cells [reel, row] to highlight. */
  cells: Array<[number, number]>;
  /** Paylines (indexes) to draw across the window. */
  lines: number[];
  /** Symbol names in the page's language (the drawings carry no text). */
  names: Record<string, string>;
  reducedMotion: boolean;
  label: string;
}

const CELL_W = 132;
const CELL_H = 118;
const GAP = 8;
const PAD = 14;
export const CANVAS_W = PAD * 2 + REEL_COUNT * CELL_W + (REEL_COUNT - 1) * GAP;
export const CANVAS_H = PAD * 2 + ROW_COUNT * CELL_H;
/** Cells a second while spinning, and how long a landing takes. */
const SPIN_SPEED = 18;
export const LAND_MS = 320;

interface ReelAnim {
  mode: 'spin' | 'land' | 'still';
  pos: number;
  from: number;
  t0: number;
  target: number;
}

const reelX = (reel: number) => PAD + reel * (CELL_W + GAP);

export function SlotCanvas({ def, palette, strips, reels, cells, lines, reducedMotion, label }: SlotCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const anims = useRef<ReelAnim[]>(
    reels.map((r) => ({ mode: 'still', pos: r.kind === 'stop' ? r.stop : 0, from: 0, t0: 0, target: r.kind === 'stop' ? r.stop : 0 })),
  );
  const props = useRef({ strips, cells, lines, reducedMotion });
  props.current = { strips, cells, lines, reducedMotion };
  const sprites = useRef(new Map<string, HTMLCanvasElement>());

  // Commands → animation states (a new 'spin' starts from where the reel stands; a 'stop' lands on the stop).
  const key = reels.map((r) => (r.kind === 'spin' ? 's' : r.stop)).join(',');
  useEffect(() => {
    const now = performance.now();
    reels.forEach((cmd, i) => {
      const a = anims.current[i]!;
      const len = strips[i]!.length;
      if (cmd.kind === 'spin' && a.mode !== 'spin') Object.assign(a, { mode: 'spin', from: a.pos, t0: now });
      if (cmd.kind === 'stop') {
        const cur = a.mode === 'spin' ? spinningPosition(a.from, now - a.t0, SPIN_SPEED, len) : a.pos;
        if (props.current.reducedMotion || a.mode !== 'spin') Object.assign(a, { mode: 'still', pos: cmd.stop, target: cmd.stop });
        else Object.assign(a, { mode: 'land', from: cur, t0: now, target: landingPosition(cur, cmd.stop, len, 3) });
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the commands' content is `key`
  }, [key]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext?.('2d') ?? null;
    if (!canvas || !ctx) return;
    sprites.current.clear();
    const dpr = Math.min(2, globalThis.devicePixelRatio || 1);
    canvas.width = CANVAS_W * dpr;
    canvas.height = CANVAS_H * dpr;
    let frame = 0;
    const sprite = (id: string): HTMLCanvasElement | null => {
      let s = sprites.current.get(id);
      if (!s) {
        // The illustration is an SVG image: until it has loaded the cell stays bare (the next frame tries again).
        const img = symbolImage(def, id);
        if (!img) return null;
        s = document.createElement('canvas');
        s.width = CELL_W * dpr;
        s.height = CELL_H * dpr;
        const sc = s.getContext('2d');
        if (!sc) return null;
        sc.scale(dpr, dpr);
        sc.drawImage(img, 0, 0, CELL_W, CELL_H);
        sprites.current.set(id, s);
      }
      return s;
    };
    const draw = (now: number) => {
      const { strips: st, cells: hi, lines: ln, reducedMotion: rm } = props.current;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const bg = ctx.createLinearGradient(0, 0, 0, CANVAS_H);
      bg.addColorStop(0, palette.frame[0]);
      bg.addColorStop(1, palette.frame[1]);
      ctx.fillStyle = bg;
      ctx.fillRect(0, 0, CANVAS_W, CANVAS_H);
      for (let reel = 0; reel < REEL_COUNT; reel++) {
        const a = anims.current[reel]!;
        const len = st[reel]!.length;
        if (a.mode === 'spin') a.pos = spinningPosition(a.from, now - a.t0, SPIN_SPEED, len);
        else if (a.mode === 'land') {
          const t = (now - a.t0) / LAND_MS;
          a.pos = a.from + (a.target - a.from) * landingEase(t);
          if (t >= 1) Object.assign(a, { mode: 'still', pos: ((a.target % len) + len) % len });
        }
        const x = reelX(reel);
        const rg = ctx.createLinearGradient(0, PAD, 0, PAD + ROW_COUNT * CELL_H);
        rg.addColorStop(0, palette.reel[1]);
        rg.addColorStop(0.5, palette.reel[0]);
        rg.addColorStop(1, palette.reel[1]);
        ctx.save();
        ctx.beginPath();
        ctx.rect(x, PAD, CELL_W, ROW_COUNT * CELL_H);
        ctx.fillStyle = rg;
        ctx.fill();
        ctx.clip();
        const blur = a.mode === 'spin' && !rm;
        for (const c of reelCells(st[reel]!, a.pos)) {
          const s = sprite(c.symbol);
          if (!s) continue;
          ctx.globalAlpha = blur ? 0.75 : 1;
          ctx.drawImage(s, x, PAD + c.y * CELL_H, CELL_W, CELL_H);
          if (blur) {
            ctx.globalAlpha = 0.25;
            ctx.drawImage(s, x, PAD + c.y * CELL_H - CELL_H * 0.18, CELL_W, CELL_H);
          }
        }
        ctx.globalAlpha = 1;
        // Glass shading top and bottom.
        const shadeG = ctx.createLinearGradient(0, PAD, 0, PAD + ROW_COUNT * CELL_H);
        shadeG.addColorStop(0, 'rgba(0,0,0,0.28)');
        shadeG.addColorStop(0.12, 'rgba(0,0,0,0)');
        shadeG.addColorStop(0.88, 'rgba(0,0,0,0)');
        shadeG.addColorStop(1, 'rgba(0,0,0,0.28)');
        ctx.fillStyle = shadeG;
        ctx.fillRect(x, PAD, CELL_W, ROW_COUNT * CELL_H);
        ctx.restore();
      }
      // Wins: glowing cells, then the paylines.
      if (hi.length > 0) {
        const pulse = rm ? 1 : 0.65 + 0.35 * Math.sin(now / 160);
        ctx.save();
        ctx.strokeStyle = palette.accent;
        ctx.shadowColor = palette.accent;
        ctx.shadowBlur = 14 * pulse;
        ctx.lineWidth = 4;
        for (const [reel, row] of hi) {
          const x = reelX(reel);
          const y = PAD + row * CELL_H;
          // The winning symbol itself: it throbs and sparkles (still with reduced motion).
          const s = anims.current[reel]!.mode === 'still' ? sprite(visibleRows(st[reel]!, anims.current[reel]!.pos)[row]!) : null;
          drawWinningCell(ctx, s, x, y, CELL_W, CELL_H, rm ? null : now, palette.accent);
          ctx.strokeRect(x + 3, y + 3, CELL_W - 6, CELL_H - 6);
        }
        if (def.mode.kind === 'lines') {
          ctx.lineWidth = 3;
          ctx.globalAlpha = 0.85;
          for (const line of ln) {
            const rows = def.mode.lines[line];
            if (!rows) continue;
            ctx.beginPath();
            rows.forEach((row, reel) => {
              const px = reelX(reel) + CELL_W / 2;
              const py = PAD + row * CELL_H + CELL_H / 2;
              if (reel === 0) ctx.moveTo(reelX(0) - PAD / 2, py);
              ctx.lineTo(px, py);
            });
            ctx.lineTo(CANVAS_W - PAD / 2, PAD + rows[rows.length - 1]! * CELL_H + CELL_H / 2);
            ctx.stroke();
          }
        }
        ctx.restore();
      }
      const moving = anims.current.some((a) => a.mode !== 'still') || (hi.length > 0 && !rm);
      frame = moving ? requestAnimationFrame(draw) : 0;
    };
    const kick = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    kick();
    const timer = setInterval(kick, 100);
    return () => {
      clearInterval(timer);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [def, palette]);

  const stopped = reels.every((r) => r.kind === 'stop');
  const grid = stopped
    ? gridAt(
        strips,
        reels.map((r) => (r.kind === 'stop' ? r.stop : 0)),
      )
    : null;
  return (
    <canvas
      ref={canvasRef}
      className="slot-canvas"
      width={CANVAS_W}
      height={CANVAS_H}
      role="img"
      aria-label={label}
      data-testid="slot-reels"
      data-state={stopped ? 'stopped' : 'spinning'}
      data-grid={grid ? JSON.stringify(grid) : undefined}
    />
  );
}
