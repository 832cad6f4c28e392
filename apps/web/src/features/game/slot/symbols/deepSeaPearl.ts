/** 深海明珠 (H5004): coral, the treasure chest, the night pearl and the reef's creatures. */
import { INK, around, starPoints, type SymbolArt } from './kit.ts';

const O = `stroke="${INK}" stroke-width="2.2"`;
const ow = (w: number) => `stroke="${INK}" stroke-width="${w}"`;
const bubbles = (list: number[][]) =>
  list.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff40" stroke="#fff" stroke-width="1.2"/>`).join('');

export const DEEP_SEA_PEARL_ART: SymbolArt = {
  // 珊瑚: a branching red coral on a rock.
  WLD:
    `<path d="M50 88V60M50 60c-4-12-14-16-20-28M30 32c-2-8-8-12-12-14M30 32c4-8 4-14 2-20M50 60c4-14 14-20 20-30M70 30c4-6 10-10 16-10M70 30c-2-8 0-14 4-20M50 64c0-16-2-30 0-46M40 44c-8 0-14 4-18 10M62 46c8 2 14 8 16 14" fill="none" ${ow(8)}/>` +
    `<path d="M50 88V60M50 60c-4-12-14-16-20-28M30 32c-2-8-8-12-12-14M30 32c4-8 4-14 2-20M50 60c4-14 14-20 20-30M70 30c4-6 10-10 16-10M70 30c-2-8 0-14 4-20M50 64c0-16-2-30 0-46M40 44c-8 0-14 4-18 10M62 46c8 2 14 8 16 14" fill="none" stroke="#ff5a5f" stroke-width="5"/>` +
    `<path d="M52 86V62M48 56c-2-8-8-12-14-22" fill="none" stroke="#ffb4a8" stroke-width="1.6"/>` +
    `<path d="M22 96c2-10 14-12 28-12s26 2 28 12z" fill="#6d5a4e" ${O}/>` +
    bubbles([
      [84, 40, 3],
      [88, 30, 2],
      [14, 40, 2.4],
    ]),
  // 宝箱: a treasure chest, lid open, gold and pearls spilling light.
  SCT:
    `<path d="M16 34c0-18 68-18 68 0v8H16z" fill="url(#clay)" ${O}/>` +
    `<path d="M24 42c6-12 46-12 52 0" fill="url(#goldR)" ${ow(1.4)}/>` +
    `<circle cx="40" cy="38" r="5" fill="url(#pearl)" ${ow(1.2)}/><circle cx="58" cy="37" r="4" fill="url(#pearl)" ${ow(1.2)}/>` +
    `<path d="M14 42h72v42H14z" fill="url(#clay)" ${O}/>` +
    `<path d="M14 52h72M14 74h72" stroke="url(#gold)" stroke-width="5"/><path d="M30 42v42M70 42v42" stroke="url(#gold)" stroke-width="5"/>` +
    `<rect x="44" y="52" width="12" height="14" rx="2" fill="url(#gold)" ${O}/><circle cx="50" cy="58" r="2" fill="${INK}"/>` +
    around(8, 50, 26, `<path d="M50 12V4" stroke="#fff59d" stroke-width="2.4"/>`),
  // 夜明珠: the night-shining pearl on a gold stand, rays around it.
  PRL:
    around(12, 50, 42, `<path d="M50 8v8" stroke="#fff" stroke-width="3" opacity=".85"/>`) +
    `<circle cx="50" cy="42" r="24" fill="#b9f6ff" opacity=".5"/>` +
    `<circle cx="50" cy="42" r="19" fill="url(#pearl)" ${O}/>` +
    `<circle cx="43" cy="35" r="6" fill="#fff"/>` +
    `<path d="M28 64c4-6 40-6 44 0l-6 12H34z" fill="url(#gold)" ${O}/>` +
    `<path d="M24 86c0-6 52-6 52 0v4H24z" fill="url(#gold)" ${O}/><path d="M40 76h20v10H40z" fill="url(#goldR)" ${O}/>`,
  // 海龟: a sea turtle seen from above, plated shell and flippers.
  TRT:
    `<path d="M28 30c-14-8-22 0-24 8 8 2 16 2 24 0zM72 30c14-8 22 0 24 8-8 2-16 2-24 0zM30 70c-10 6-14 16-12 22 8-2 14-8 18-16zM70 70c10 6 14 16 12 22-8-2-14-8-18-16z" fill="url(#leaf)" ${O}/>` +
    `<ellipse cx="50" cy="10" rx="9" ry="10" fill="url(#leaf)" ${O}/><circle cx="45" cy="8" r="1.8" fill="${INK}"/><circle cx="55" cy="8" r="1.8" fill="${INK}"/>` +
    `<ellipse cx="50" cy="52" rx="28" ry="34" fill="#8d6e3f" ${O}/>` +
    `<ellipse cx="50" cy="52" rx="22" ry="28" fill="url(#orange)" ${ow(1.6)}/>` +
    `<polygon points="${starPoints(50, 52, 10, 6, 0, 0)}" fill="#b86b1f" ${ow(1.4)}/>` +
    `<path d="M50 24v18M50 62v18M40 47l-14-8M60 47l14-8M40 57l-14 8M60 57l14 8" stroke="${INK}" stroke-width="1.4"/>`,
  // 水母: a glowing jellyfish with trailing tentacles.
  JLY:
    `<path d="M30 52c-4 10 4 14 0 24s4 14 0 20M42 54c-4 10 4 14 0 24M58 54c4 10-4 14 0 24M70 52c4 10-4 14 0 24s-4 14 0 20" fill="none" stroke="#e1bee7" stroke-width="3"/>` +
    `<path d="M50 56c-2 10 2 20-2 34" fill="none" stroke="#f48fb1" stroke-width="5"/>` +
    `<path d="M16 50C16 26 32 12 50 12s34 14 34 38c-6 6-10 0-14 4-6-4-10 2-14-2-4 4-8 0-12 2-6-4-10 2-14-2-4 2-8-2-14 0z" fill="url(#purple)" ${O}/>` +
    `<path d="M28 36c2-10 10-16 20-18" fill="none" stroke="#fff" stroke-width="3.4" opacity=".9"/>` +
    `<circle cx="40" cy="40" r="3" fill="#f3e5f5"/><circle cx="58" cy="32" r="2.4" fill="#f3e5f5"/><circle cx="64" cy="44" r="2" fill="#f3e5f5"/>`,
  // 海螺: a spiral conch shell.
  SHL:
    `<path d="M14 70c10-30 30-52 58-58 10 10 14 24 12 40-10 20-36 34-62 30z" fill="url(#pink)" ${O}/>` +
    `<path d="M72 12c-8 14-10 30-6 46M56 20c-4 14-2 30 4 42M40 34c0 12 4 24 12 32M26 50c2 8 8 16 16 20" fill="none" stroke="#c2185b" stroke-width="1.8"/>` +
    `<path d="M22 82c14 4 34 2 52-8 6 8 8 16 2 20-20 4-40 2-54-4z" fill="#ffe1ec" ${O}/>` +
    `<path d="M72 12l6-6 4 8 8-2-4 8" fill="url(#pink)" ${ow(1.6)}/>` +
    bubbles([
      [88, 62, 3],
      [82, 76, 2],
    ]),
  // 海星: an orange starfish with dotted arms.
  STR:
    `<polygon points="${starPoints(50, 50, 42, 5, 18)}" fill="url(#orange)" ${ow(2.4)}/>` +
    around(
      5,
      50,
      50,
      `<circle cx="50" cy="36" r="2.4" fill="#fff3c4"/><circle cx="50" cy="26" r="2" fill="#fff3c4"/><circle cx="50" cy="17" r="1.6" fill="#fff3c4"/>`,
    ) +
    `<circle cx="50" cy="50" r="5" fill="#ffb74d" ${ow(1.4)}/>`,
  // 小丑鱼: a clownfish, orange with white bands.
  FSH:
    `<path d="M76 50l18-16v32z" fill="url(#orange)" ${O}/>` +
    `<path d="M46 26c-4-10 6-14 14-10l-2 12zM48 74c-2 8 6 10 10 6l-2-8z" fill="url(#orange)" ${O}/>` +
    `<ellipse cx="48" cy="50" rx="32" ry="24" fill="url(#orange)" ${O}/>` +
    `<path d="M30 30c-6 12-6 28 0 40l8-2c-4-12-4-24 0-36zM54 26c-4 16-4 32 0 48l8-2c-4-14-4-30 0-44z" fill="#fff" ${ow(1.8)}/>` +
    `<path d="M72 34c4 10 4 22 0 32l4-2c4-8 4-20 0-28z" fill="#fff" ${ow(1.6)}/>` +
    `<circle cx="24" cy="44" r="5" fill="#fff" ${ow(1.6)}/><circle cx="23" cy="44" r="2.6" fill="${INK}"/>` +
    `<path d="M18 56c2 2 4 2 6 0" fill="none" ${ow(1.6)}/>` +
    bubbles([
      [10, 30, 3],
      [6, 20, 2],
    ]),
  // 海草: seaweed swaying on the sand.
  WEED:
    `<path d="M6 96c20-6 68-6 88 0z" fill="#e8d3a0" ${O}/>` +
    [
      [30, '#2e7d32', -1],
      [50, '#43a047', 1],
      [70, '#388e3c', -1],
    ]
      .map(
        ([x, c, d]) =>
          `<path d="M${x} 92c${8 * Number(d)}-12 ${-8 * Number(d)}-20 0-32s${-8 * Number(d)}-20 0-32 ${-6 * Number(d)}-14 0-20" fill="none" ${ow(8)}/>` +
          `<path d="M${x} 92c${8 * Number(d)}-12 ${-8 * Number(d)}-20 0-32s${-8 * Number(d)}-20 0-32 ${-6 * Number(d)}-14 0-20" fill="none" stroke="${c}" stroke-width="5"/>`,
      )
      .join('') +
    bubbles([
      [82, 40, 3],
      [86, 28, 2],
      [16, 50, 2.4],
    ]),
};
