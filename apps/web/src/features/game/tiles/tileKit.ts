/**
 * Lobby tile art, our own SVG: a 240 × 240 scene per house game (each slot, table and draw its own), no text but
 * the numbers a lottery ball or a die shows. The card under the tile names the game in the page's language.
 */
import { DIE_PIPS } from '../diePips.ts';
import { INK, around, starPoints } from '../slot/symbols/kit.ts';

export { INK, around, starPoints };

export const ow = (w: number) => `stroke="${INK}" stroke-width="${w}"`;

/** A 240 × 240 tile: background gradient (top → bottom), a soft spotlight, the scene, a vignette. */
export function tile(from: string, to: string, scene: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2=".4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>` +
    `<radialGradient id="spot" cx=".5" cy=".42" r=".55"><stop offset="0" stop-color="#fff" stop-opacity=".38"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="vig" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>` +
    `<linearGradient id="tgold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff6c2"/><stop offset=".5" stop-color="#f7c948"/><stop offset="1" stop-color="#b7791f"/></linearGradient>` +
    `${defs}</defs>` +
    `<rect width="240" height="240" fill="url(#bg)"/><rect width="240" height="240" fill="url(#spot)"/>` +
    `<g stroke-linejoin="round" stroke-linecap="round">${scene}</g>` +
    `<rect width="240" height="240" fill="url(#vig)"/></svg>`
  );
}

/** Gradients the slot drawings refer to (gold, jade, red …). */
export { SHARED_DEFS } from '../slot/symbols/kit.ts';

/** Twinkles scattered at fixed places (the same on every render). */
export const twinkles = (points: number[][], colour = '#fff6c2') =>
  points.map(([x, y, r]) => `<polygon points="${starPoints(x!, y!, r!, 4, r! * 0.3)}" fill="${colour}" opacity=".9"/>`).join('');

/** A playing card (face up) at (x, y), rotated, showing a suit shape in the middle and the corners; suit 0–3 ♠ ♥ ♣ ♦. */
export function card(x: number, y: number, deg: number, suit: number, pips: number): string {
  const red = suit === 1 || suit === 3;
  const c = red ? '#d32f2f' : '#1b1b1b';
  const shape = (cx: number, cy: number, s: number) => {
    const t = `transform="translate(${cx} ${cy}) scale(${s})"`;
    if (suit === 0)
      return `<path ${t} d="M0-10C6-4 12 0 10 5 8 10 2 9 0 6 1 9 2 11 4 12h-8c2-1 3-3 4-6-2 3-8 4-10-1-2-5 4-9 10-15z" fill="${c}"/>`;
    if (suit === 1) return `<path ${t} d="M0 10C-8 3-12-1-11-6-10-10-4-11 0-6 4-11 10-10 11-6 12-1 8 3 0 10z" fill="${c}"/>`;
    if (suit === 2)
      return `<g ${t} fill="${c}"><circle cx="0" cy="-6" r="5"/><circle cx="-6" cy="2" r="5"/><circle cx="6" cy="2" r="5"/><path d="M-1 2h2l2 10h-6z"/></g>`;
    return `<path ${t} d="M0-11L8 0 0 11-8 0z" fill="${c}"/>`;
  };
  const rows: number[][] =
    pips === 9
      ? [
          [-14, -26],
          [14, -26],
          [-14, -9],
          [14, -9],
          [0, -17],
          [-14, 9],
          [14, 9],
          [-14, 26],
          [14, 26],
        ]
      : [
          [0, -22],
          [0, 0],
          [0, 22],
        ];
  return (
    `<g transform="translate(${x} ${y}) rotate(${deg})">` +
    `<rect x="-34" y="-48" width="68" height="96" rx="8" fill="#fffdf7" ${ow(2.4)}/>` +
    `<rect x="-29" y="-43" width="58" height="86" rx="5" fill="none" stroke="${c}" stroke-width="1" opacity=".4"/>` +
    rows.map(([px, py]) => shape(px!, py!, pips === 9 ? 0.55 : 0.9)).join('') +
    shape(-24, -36, 0.45) +
    `</g>`
  );
}

/** A die at (x, y) of size s showing value (pips; 1 and 4 red), turned by deg. */
export function die(x: number, y: number, s: number, value: number, deg = 0): string {
  const P = DIE_PIPS;
  const red = value === 1 || value === 4;
  return (
    `<g transform="translate(${x} ${y}) rotate(${deg})">` +
    `<rect x="${-s / 2 + 3}" y="${-s / 2 + 5}" width="${s}" height="${s}" rx="${s * 0.2}" fill="#0006"/>` +
    `<rect x="${-s / 2}" y="${-s / 2}" width="${s}" height="${s}" rx="${s * 0.2}" fill="#fbfaf6" ${ow(2.4)}/>` +
    `<path d="M${-s / 2 + 4} ${-s / 2 + s * 0.25}q0-${s * 0.2} ${s * 0.25}-${s * 0.2}" fill="none" stroke="#fff" stroke-width="3"/>` +
    P[value]!.map(
      ([c, r]) =>
        `<circle cx="${-s * 0.27 + c! * s * 0.27}" cy="${-s * 0.27 + r! * s * 0.27}" r="${s * (value === 1 ? 0.13 : 0.085)}" fill="${red ? '#d32f2f' : '#1b1b1b'}"/>`,
    ).join('') +
    `</g>`
  );
}

/** A casino chip at (x, y), radius r, in a colour. */
export const chip = (x: number, y: number, r: number, colour: string) =>
  `<circle cx="${x}" cy="${y + 3}" r="${r}" fill="#0006"/><circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" ${ow(2)}/>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.82}" fill="none" stroke="#fff" stroke-width="${r * 0.22}" stroke-dasharray="${r * 0.45} ${r * 0.45}"/>` +
  `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="${colour}" stroke="#fff8" stroke-width="1.4"/>`;
