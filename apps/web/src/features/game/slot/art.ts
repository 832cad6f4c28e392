/**
 * Our own symbol art, drawn procedurally on a canvas: a tile per symbol (rank colour, a shape by kind and rank, a
 * gradient) with the symbol's Chinese name as the glyph, in the title's palette. No image assets.
 */
import type { SlotDef, SlotSymbol } from '@portal/games';

export interface Palette {
  /** Machine frame and reel background. */
  frame: [string, string];
  reel: [string, string];
  /** Accent (win lines, highlights, titles). */
  accent: string;
  /** Tile colours by rank, highest first (regular symbols); wild and scatter have their own. */
  ranks: string[];
  wild: string;
  scatter: string;
  ink: string;
}

const PALETTES: Record<string, Palette> = {
  // 翠龙献瑞: jade and gold.
  H5001: {
    frame: ['#0c3b2e', '#06261d'],
    reel: ['#f4f1e4', '#dcd6bd'],
    accent: '#f5c542',
    ranks: ['#1f8a5b', '#c0392b', '#8e44ad', '#d4a017', '#2e86c1', '#16a085', '#b9770e', '#c2185b'],
    wild: '#f5c542',
    scatter: '#a93226',
    ink: '#ffffff',
  },
  // 茶园: leaf greens and clay.
  H5002: {
    frame: ['#3e5c1f', '#263a12'],
    reel: ['#fbf6e9', '#e7dcc0'],
    accent: '#e0b45c',
    ranks: ['#5d8a2c', '#a0522d', '#7b9e3b', '#c97b3a', '#4f7942', '#8d6e63', '#9e9d24', '#6d4c41'],
    wild: '#e0b45c',
    scatter: '#6a1b9a',
    ink: '#ffffff',
  },
  // 元宵灯会: lantern red and gold.
  H5003: {
    frame: ['#7f1414', '#4a0808'],
    reel: ['#fff5e6', '#f0d9b5'],
    accent: '#ffd54f',
    ranks: ['#d32f2f', '#f57c00', '#c2185b', '#fbc02d', '#e64a19', '#ad1457', '#ff8f00', '#b71c1c'],
    wild: '#ffd54f',
    scatter: '#4527a0',
    ink: '#ffffff',
  },
  // 深海明珠: deep blues and pearl.
  H5004: {
    frame: ['#0b2a4a', '#051628'],
    reel: ['#eef6fb', '#cfe3f0'],
    accent: '#7fdbff',
    ranks: ['#1565c0', '#00838f', '#6a1b9a', '#00897b', '#283593', '#0277bd', '#4527a0', '#2e7d32'],
    wild: '#e0e0e0',
    scatter: '#ff7043',
    ink: '#ffffff',
  },
};

export function paletteOf(code: string): Palette {
  return PALETTES[code] ?? PALETTES.H5001!;
}

/** The symbol's tile colour: by kind, regular symbols by their rank in the title's list. */
export function symbolColor(def: SlotDef, palette: Palette, symbol: SlotSymbol): string {
  if (symbol.kind === 'wild') return palette.wild;
  if (symbol.kind === 'scatter') return palette.scatter;
  const rank = def.symbols.filter((s) => s.kind === 'regular').indexOf(symbol);
  return palette.ranks[Math.max(0, rank) % palette.ranks.length]!;
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function polygon(ctx: CanvasRenderingContext2D, cx: number, cy: number, r: number, sides: number, rotate: number, inner = 0): void {
  ctx.beginPath();
  const points = inner > 0 ? sides * 2 : sides;
  for (let i = 0; i < points; i++) {
    const radius = inner > 0 && i % 2 === 1 ? inner : r;
    const a = rotate + (i * Math.PI * 2) / points;
    const px = cx + radius * Math.cos(a);
    const py = cy + radius * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

/** The emblem behind the glyph: wild a glowing orb, scatter a seal, regulars a shape by rank. */
function emblem(ctx: CanvasRenderingContext2D, kind: SlotSymbol['kind'], rank: number, cx: number, cy: number, r: number): void {
  if (kind === 'wild') {
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    return;
  }
  if (kind === 'scatter') {
    polygon(ctx, cx, cy, r * 1.05, 4, Math.PI / 4);
    return;
  }
  switch (rank % 6) {
    case 0:
      polygon(ctx, cx, cy, r, 5, -Math.PI / 2, r * 0.55);
      break;
    case 1:
      polygon(ctx, cx, cy, r, 6, 0);
      break;
    case 2:
      polygon(ctx, cx, cy, r, 8, Math.PI / 8, r * 0.78);
      break;
    case 3:
      ctx.beginPath();
      ctx.ellipse(cx, cy, r, r * 0.72, 0, 0, Math.PI * 2);
      break;
    case 4:
      polygon(ctx, cx, cy, r, 4, 0);
      break;
    default:
      ctx.beginPath();
      ctx.arc(cx, cy, r * 0.92, 0, Math.PI * 2);
  }
}

/** Draws one symbol tile in the box (x, y, w, h). `name` is the symbol's name in the page's language. */
export function drawSymbol(
  ctx: CanvasRenderingContext2D,
  def: SlotDef,
  palette: Palette,
  symbolId: string,
  name: string,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  const symbol = def.symbols.find((s) => s.id === symbolId);
  if (!symbol) return;
  const color = symbolColor(def, palette, symbol);
  const rank = def.symbols.filter((s) => s.kind === 'regular').indexOf(symbol);
  const pad = Math.min(w, h) * 0.06;
  const bx = x + pad;
  const by = y + pad;
  const bw = w - pad * 2;
  const bh = h - pad * 2;
  // Tile.
  const tile = ctx.createLinearGradient(bx, by, bx, by + bh);
  tile.addColorStop(0, shade(color, 70));
  tile.addColorStop(1, shade(color, -30));
  roundRect(ctx, bx, by, bw, bh, Math.min(bw, bh) * 0.16);
  ctx.fillStyle = tile;
  ctx.fill();
  ctx.lineWidth = Math.max(1, bw * 0.025);
  ctx.strokeStyle = symbol.kind === 'regular' ? shade(color, -60) : palette.accent;
  ctx.stroke();
  // Emblem.
  const cx = bx + bw / 2;
  const cy = by + bh / 2;
  const r = Math.min(bw, bh) * 0.38;
  const glow = ctx.createRadialGradient(cx - r * 0.3, cy - r * 0.35, r * 0.1, cx, cy, r);
  glow.addColorStop(0, shade(color, 110));
  glow.addColorStop(1, shade(color, -10));
  emblem(ctx, symbol.kind, rank, cx, cy, r);
  ctx.fillStyle = glow;
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = Math.max(1, r * 0.06);
  ctx.stroke();
  // Glyph: the name, one or two characters a line.
  const chars = [...name];
  const lines = chars.length <= 2 ? [chars.join('')] : [chars.slice(0, 2).join(''), chars.slice(2, 4).join('')];
  const size = (lines.length === 1 ? r * (chars.length === 1 ? 1.05 : 0.82) : r * 0.62) | 0;
  ctx.font = `bold ${size}px "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = Math.max(2, size * 0.14);
  ctx.strokeStyle = shade(color, -90);
  ctx.fillStyle = symbol.kind === 'wild' ? '#3a2500' : palette.ink;
  lines.forEach((text, i) => {
    const ty = cy + (i - (lines.length - 1) / 2) * size * 1.05;
    if (symbol.kind !== 'wild') ctx.strokeText(text, cx, ty);
    ctx.fillText(text, cx, ty);
  });
  // Kind badge.
  if (symbol.kind !== 'regular') {
    ctx.font = `bold ${(bh * 0.12) | 0}px sans-serif`;
    ctx.fillStyle = symbol.kind === 'wild' ? '#3a2500' : palette.accent;
    // 百搭 (wild) and 分散 (scatter): the same characters in Simplified and Traditional, so the art needs no locale.
    ctx.fillText(symbol.kind === 'wild' ? '百搭' : '分散', cx, by + bh * 0.9);
  }
}
