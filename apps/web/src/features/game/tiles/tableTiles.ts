/** The house tables' and draws' lobby tiles: baccarat (three felts), dragon tiger, sic bo, roulette, 快三, 五星彩, 赛车. */
import { SYMBOL_ART } from '../slot/symbols/index.ts';
import { INK, SHARED_DEFS, around, card, chip, die, ow, tile, twinkles } from './tileKit.ts';

/** A felt table edge (an arc) with the betting line. */
const felt = (rim: string) =>
  `<path d="M-20 170q140-70 280 0v90H-20z" fill="#0004"/><path d="M-20 176q140-70 280 0" fill="none" stroke="${rim}" stroke-width="6"/>` +
  `<path d="M10 196q110-50 220 0" fill="none" stroke="#fff6" stroke-width="2" stroke-dasharray="6 6"/>`;

const baccarat = (from: string, to: string, rim: string, extra: string) =>
  tile(from, to, felt(rim) + card(88, 104, -14, 1, 9) + card(150, 100, 12, 0, 9) + extra);

/** A tiger's face (the dragon comes from the slot's drawing). */
const tiger =
  `<path d="M14 40c-6-14 4-24 14-18M86 40c6-14-4-24-14-18" fill="#ff9f1c" ${ow(2.2)}/>` +
  `<path d="M10 52c0-24 18-36 40-36s40 12 40 36-14 40-40 40S10 76 10 52z" fill="#ff9f1c" ${ow(2.4)}/>` +
  `<path d="M26 74c8 14 40 14 48 0-4 14-44 14-48 0z" fill="#fff" ${ow(1.8)}/>` +
  `<path d="M38 22l4 12M50 18v14M62 22l-4 12M14 50h12M16 60l10-2M86 50H74M84 60l-10-2" stroke="${INK}" stroke-width="3"/>` +
  `<ellipse cx="36" cy="48" rx="7" ry="5" fill="#fff59d" ${ow(1.8)}/><ellipse cx="64" cy="48" rx="7" ry="5" fill="#fff59d" ${ow(1.8)}/>` +
  `<circle cx="36" cy="48" r="2.6" fill="${INK}"/><circle cx="64" cy="48" r="2.6" fill="${INK}"/>` +
  `<path d="M44 60h12l-6 6z" fill="#f48fb1" ${ow(1.6)}/><path d="M50 66v6M42 74c4 2 12 2 16 0" fill="none" ${ow(1.8)}/>`;

/** A roulette wheel seen from above: 37 pockets, red and black around a green zero, the ball on one. */
function wheel(cx: number, cy: number, r: number): string {
  const pockets = Array.from({ length: 37 }, (_, i) => {
    const a0 = (i / 37) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / 37) * Math.PI * 2 - Math.PI / 2;
    const p = (a: number, rr: number) => `${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
    const fill = i === 0 ? '#1b8a3a' : i % 2 ? '#c62828' : '#1b1b1b';
    return `<path d="M${p(a0, r)}A${r} ${r} 0 0 1 ${p(a1, r)}L${p(a1, r * 0.7)}A${r * 0.7} ${r * 0.7} 0 0 0 ${p(a0, r * 0.7)}z" fill="${fill}" stroke="#e0c070" stroke-width=".8"/>`;
  }).join('');
  return (
    `<circle cx="${cx}" cy="${cy + 6}" r="${r + 14}" fill="#0006"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r + 12}" fill="#6d3b1a" ${ow(2.4)}/><circle cx="${cx}" cy="${cy}" r="${r + 4}" fill="url(#tgold)"/>` +
    pockets +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="#8a5a2a" ${ow(1.6)}/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="url(#tgold)" ${ow(1.6)}/>` +
    around(
      4,
      cx,
      cy,
      `<path d="M${cx} ${cy}v${-r * 0.62}" stroke="url(#tgold)" stroke-width="5"/><circle cx="${cx}" cy="${cy - r * 0.62}" r="4" fill="url(#tgold)" ${ow(1.2)}/>`,
    ) +
    `<circle cx="${cx}" cy="${cy}" r="8" fill="#fff6c2" ${ow(1.6)}/>` +
    `<circle cx="${cx + r * 0.6}" cy="${cy - r * 0.6}" r="7" fill="#fff" ${ow(1.6)}/>`
  );
}

/** A lottery ball with a number. */
const ball = (x: number, y: number, r: number, colour: string, n: number) =>
  `<circle cx="${x}" cy="${y + 4}" r="${r}" fill="#0005"/><circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" ${ow(2.2)}/>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.58}" fill="#fff"/><circle cx="${x - r * 0.45}" cy="${y - r * 0.45}" r="${r * 0.18}" fill="#fff" opacity=".8"/>` +
  `<text x="${x}" y="${y + r * 0.26}" text-anchor="middle" font-family="Arial, sans-serif" font-weight="700" font-size="${r * 0.78}" fill="#222">${n}</text>`;

/** A racing car seen from the side, heading right. */
const car = (x: number, y: number, s: number, colour: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">` +
  `<path d="M-60 8c0-12 10-16 26-18l18-14h36l22 14c14 2 18 8 18 18v6h-120z" fill="${colour}" ${ow(2.4)}/>` +
  `<path d="M-10-20h14v12h-24zM10-20h10l14 12H10z" fill="#bfe3ff" ${ow(1.6)}/>` +
  `<circle cx="-34" cy="16" r="11" fill="#222" ${ow(2)}/><circle cx="-34" cy="16" r="4" fill="#ccc"/>` +
  `<circle cx="36" cy="16" r="11" fill="#222" ${ow(2)}/><circle cx="36" cy="16" r="4" fill="#ccc"/>` +
  `<path d="M-90-6h-26M-86 4h-34M-92 14h-22" stroke="#fff" stroke-width="3" opacity=".7"/></g>`;

const chequer = Array.from({ length: 24 }, (_, i) =>
  (i + Math.floor(i / 6)) % 2 ? '' : `<rect x="${170 + (i % 6) * 9}" y="${22 + Math.floor(i / 6) * 9}" width="9" height="9" fill="#111"/>`,
).join('');

export const TABLE_TILES: Record<string, () => string> = {
  BAC1: () => baccarat('#0f6b3d', '#032414', '#c9a04a', chip(60, 178, 18, '#c62828') + chip(180, 182, 16, '#1565c0')),
  BAC2: () =>
    baccarat('#0f4d7a', '#04162a', '#c0c7d0', chip(58, 180, 17, '#2e7d32') + chip(182, 178, 18, '#6a1b9a') + chip(196, 160, 14, '#f57c00')),
  // 免佣: a burgundy felt and a gold coin — the banker bet paid without the 5% cut.
  BAC3: () =>
    baccarat(
      '#7a1430',
      '#240510',
      '#e4c77a',
      `<circle cx="186" cy="176" r="26" fill="url(#tgold)" ${ow(2.4)}/><rect x="177" y="167" width="18" height="18" fill="#7a1430" ${ow(1.6)}/>` +
        twinkles([
          [210, 150, 6],
          [40, 60, 5],
        ]),
    ),
  // 龙虎: the jade dragon faces the tiger over a split table.
  DT1: () =>
    tile(
      '#8e1b1b',
      '#1a0a2a',
      `<path d="M120 0L140 240H240V0z" fill="#0d3c78" opacity=".85"/><path d="M120 0l20 240" stroke="url(#tgold)" stroke-width="6"/>` +
        `<g transform="translate(-2 54) scale(1.2)">${SYMBOL_ART.H5001!.DRG}</g>` +
        `<g transform="translate(122 58) scale(1.18)">${tiger}</g>` +
        `<circle cx="126" cy="120" r="22" fill="url(#tgold)" ${ow(2.4)}/><path d="M116 112l20 16M136 112l-20 16" stroke="${INK}" stroke-width="3"/>`,
      SHARED_DEFS,
    ),
  // 骰宝: three dice on a gold plate under the lifted cup.
  SB1: () =>
    tile(
      '#5a1a8a',
      '#14052a',
      `<ellipse cx="120" cy="178" rx="96" ry="30" fill="url(#tgold)" ${ow(2.4)}/><ellipse cx="120" cy="172" rx="80" ry="22" fill="#7a1430"/>` +
        // The lifted dice cup: a red dome with a gold band and knob, tilted back over the plate.
        `<g transform="translate(168 64) rotate(24)"><ellipse cx="0" cy="30" rx="44" ry="9" fill="#0004"/>` +
        `<path d="M-42 20c0-44 84-44 84 0z" fill="#c62828" ${ow(2.4)}/><path d="M-42 20h84v8h-84z" fill="url(#tgold)" ${ow(2)}/>` +
        `<path d="M-28 4c4-14 16-20 26-20" fill="none" stroke="#ff8a80" stroke-width="4"/>` +
        `<circle cx="0" cy="-22" r="7" fill="url(#tgold)" ${ow(2)}/></g>` +
        die(84, 150, 46, 4, -10) +
        die(138, 146, 46, 6, 12) +
        die(112, 112, 44, 1, 4) +
        twinkles([
          [200, 90, 6],
          [34, 100, 5],
        ]),
    ),
  RL1: () => tile('#0f5132', '#03140c', wheel(120, 120, 82)),
  // 快三: three dice tumbling out of a lottery drum.
  K3: () =>
    tile(
      '#b71c1c',
      '#3a0606',
      `<circle cx="120" cy="120" r="92" fill="none" stroke="#ffd54f" stroke-width="3" stroke-dasharray="4 10" opacity=".7"/>` +
        `<path d="M30 190l40-40M44 206l36-36M200 40l-36 36" stroke="#fff6c2" stroke-width="4" opacity=".5"/>` +
        die(80, 140, 56, 3, -20) +
        die(160, 148, 56, 5, 16) +
        die(122, 82, 56, 6, 8) +
        twinkles([
          [210, 200, 6],
          [26, 50, 6],
        ]),
    ),
  // 五星彩: five numbered balls in an arc, a star above.
  D5: () =>
    tile(
      '#0d47a1',
      '#06122e',
      `<path d="M120 18l8 24h24l-20 14 8 24-20-14-20 14 8-24-20-14h24z" fill="url(#tgold)" ${ow(2)}/>` +
        ball(40, 150, 24, '#e53935', 3) +
        ball(80, 128, 24, '#fb8c00', 8) +
        ball(120, 120, 26, '#fdd835', 5) +
        ball(160, 128, 24, '#43a047', 0) +
        ball(200, 150, 24, '#8e24aa', 7) +
        `<path d="M24 196q96 30 192 0" fill="none" stroke="#90caf9" stroke-width="3" stroke-dasharray="2 8"/>`,
    ),
  // 极速赛车: two cars at speed past the chequered flag.
  RC10: () =>
    tile(
      '#263238',
      '#0b0f12',
      `<path d="M0 150h240v70H0z" fill="#37474f"/><path d="M0 185h240" stroke="#fff" stroke-width="4" stroke-dasharray="18 14"/>` +
        `<path d="M166 20v60" stroke="#ddd" stroke-width="3"/><rect x="170" y="22" width="54" height="36" fill="#fff" ${ow(1.6)}/>${chequer}` +
        car(150, 140, 0.95, '#e53935') +
        car(110, 196, 0.85, '#1e88e5') +
        twinkles([[40, 50, 6]]),
    ),
};
