/**
 * The reel window's win effect on one winning cell: a warm light behind the symbol, the symbol throbbing (a
 * sine of the frame's time) and four sparkles circling it. With reduced motion (`now` null) the light and the
 * symbol stand still: the win is shown, nothing moves.
 */

/** How far a winning symbol grows at the top of its throb, and how fast it throbs (ms per radian). */
const THROB = 0.08;
const THROB_MS = 150;
const SPARKLES = 4;

function sparkle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.quadraticCurveTo(x, y, x + r, y);
  ctx.quadraticCurveTo(x, y, x, y + r);
  ctx.quadraticCurveTo(x, y, x - r, y);
  ctx.quadraticCurveTo(x, y, x, y - r);
  ctx.fill();
}

/** The throb's scale at a time (1 when still). Pure: the tests check its range. */
export function throbScale(now: number | null): number {
  return now === null ? 1 : 1 + THROB * (0.5 + 0.5 * Math.sin(now / THROB_MS));
}

export function drawWinningCell(
  ctx: CanvasRenderingContext2D,
  sprite: CanvasImageSource | null,
  x: number,
  y: number,
  w: number,
  h: number,
  now: number | null,
  accent: string,
): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.shadowBlur = 0;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const light = ctx.createRadialGradient(cx, cy, 4, cx, cy, Math.max(w, h) * 0.7);
  light.addColorStop(0, 'rgba(255,245,200,0.95)');
  light.addColorStop(1, 'rgba(255,200,60,0)');
  ctx.fillStyle = light;
  ctx.fillRect(x, y, w, h);
  if (sprite) {
    const s = throbScale(now);
    ctx.drawImage(sprite, cx - (w * s) / 2, cy - (h * s) / 2, w * s, h * s);
  }
  if (now !== null) {
    ctx.fillStyle = '#fffbe6';
    ctx.shadowColor = accent;
    ctx.shadowBlur = 8;
    for (let i = 0; i < SPARKLES; i++) {
      const a = now / 600 + (i * Math.PI * 2) / SPARKLES;
      const r = 5 + 3 * Math.sin(now / 120 + i);
      sparkle(ctx, cx + Math.cos(a) * w * 0.38, cy + Math.sin(a) * h * 0.36, r);
    }
  }
  ctx.restore();
}
