/** 元宵灯会 (H5003): the palace lantern, fireworks, the lion dance and the festival's lanterns, drums and sweets. */
import { INK, around, starPoints, type SymbolArt } from './kit.ts';

const O = `stroke="${INK}" stroke-width="2.2"`;
const ow = (w: number) => `stroke="${INK}" stroke-width="${w}"`;

/** A round red lantern at (cx, cy) of radius r, with caps, ribs and a tassel. */
const lantern = (cx: number, cy: number, r: number) =>
  `<path d="M${cx} ${cy - r * 1.3}v${r * 0.4}" stroke="${INK}" stroke-width="2"/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.82}" fill="url(#redR)" ${O}/>` +
  `<ellipse cx="${cx}" cy="${cy}" rx="${r * 0.5}" ry="${r * 0.82}" fill="none" stroke="#7f0d0d" stroke-width="1.4"/>` +
  `<path d="M${cx} ${cy - r * 0.82}v${r * 1.64}" stroke="#7f0d0d" stroke-width="1.4"/>` +
  `<rect x="${cx - r * 0.45}" y="${cy - r * 0.98}" width="${r * 0.9}" height="${r * 0.26}" rx="1.5" fill="url(#gold)" ${ow(1.4)}/>` +
  `<rect x="${cx - r * 0.45}" y="${cy + r * 0.72}" width="${r * 0.9}" height="${r * 0.26}" rx="1.5" fill="url(#gold)" ${ow(1.4)}/>` +
  `<path d="M${cx - r * 0.2} ${cy + r}h${r * 0.4}l${r * 0.1} ${r * 0.6}h-${r * 0.6}z" fill="#f7c948" ${ow(1.2)}/>`;

export const LANTERN_FESTIVAL_ART: SymbolArt = {
  // 花灯: a grand palace lantern with gold crown and tassels.
  WLD:
    `<path d="M50 2v10" stroke="${INK}" stroke-width="2.4"/>` +
    `<path d="M30 14h40l-6 8H36z" fill="url(#gold)" ${O}/>` +
    `<path d="M24 22h52c6 10 6 40 0 50H24c-6-10-6-40 0-50z" fill="url(#redR)" ${O}/>` +
    `<path d="M36 22c-4 14-4 36 0 50M64 22c4 14 4 36 0 50M50 22v50" fill="none" stroke="#7f0d0d" stroke-width="1.6"/>` +
    `<circle cx="50" cy="47" r="11" fill="url(#goldR)" ${ow(1.6)}/>` +
    `<polygon points="${starPoints(50, 47, 8, 5, 3.4)}" fill="#e53935"/>` +
    `<path d="M30 72h40l-6 8H36z" fill="url(#gold)" ${O}/>` +
    `<path d="M38 80l-4 16M50 80v18M62 80l4 16" stroke="#f7c948" stroke-width="3"/>` +
    `<path d="M20 30l-8-6M80 30l8-6M20 64l-8 6M80 64l8 6" stroke="#f7c948" stroke-width="2.4"/>`,
  // 烟火: a firework burst over the rooftops.
  SCT:
    around(12, 50, 40, `<path d="M50 34V8" stroke="#ffd54f" stroke-width="3"/><circle cx="50" cy="6" r="3" fill="#fff59d"/>`) +
    around(
      12,
      50,
      40,
      `<g transform="rotate(15 50 40)"><path d="M50 36V20" stroke="#ff80ab" stroke-width="2.4"/><circle cx="50" cy="18" r="2.2" fill="#ff80ab"/></g>`,
    ) +
    `<circle cx="50" cy="40" r="5" fill="#fff"/>` +
    `<path d="M4 96V80l14-8 14 8v16zM60 96V76l18-10 18 10v20z" fill="#3b1a4a" ${O}/>` +
    `<path d="M0 82l18-12 18 12M56 78l22-14 22 14" fill="none" stroke="#f7c948" stroke-width="2.4"/>`,
  // 醒狮: the lion dance head, big eyes, horn and fringed mane.
  LION:
    `<path d="M10 52c-4-26 16-44 40-44s44 18 40 44c-2 20-18 36-40 36S12 72 10 52z" fill="url(#red)" ${O}/>` +
    `<path d="M12 40c-8 2-10 10-6 16M88 40c8 2 10 10 6 16" fill="none" stroke="#fff" stroke-width="5"/>` +
    `<path d="M44 10c0-8 12-8 12 0l-2 12h-8z" fill="url(#gold)" ${O}/>` +
    `<path d="M22 30c8-8 20-8 24 2M54 32c4-10 16-10 24-2" fill="none" stroke="#fff" stroke-width="4"/>` +
    `<circle cx="34" cy="42" r="10" fill="#fff" ${O}/><circle cx="66" cy="42" r="10" fill="#fff" ${O}/>` +
    `<circle cx="36" cy="43" r="5" fill="${INK}"/><circle cx="64" cy="43" r="5" fill="${INK}"/>` +
    `<circle cx="37.5" cy="41.5" r="1.6" fill="#fff"/><circle cx="65.5" cy="41.5" r="1.6" fill="#fff"/>` +
    `<ellipse cx="50" cy="56" rx="9" ry="6" fill="url(#gold)" ${O}/>` +
    `<path d="M24 66c8 12 44 12 52 0-6 16-46 16-52 0z" fill="#fff" ${O}/>` +
    `<path d="M32 70l3 5 3-5M44 72l3 5 3-5M56 72l3 5 3-5" fill="none" ${ow(1.4)}/>` +
    `<path d="M16 76c-4 6-4 12 0 16M84 76c4 6 4 12 0 16M30 86c-2 4-2 8 0 10M70 86c2 4 2 8 0 10" fill="none" stroke="#f7c948" stroke-width="3"/>`,
  // 灯谜: a lantern with riddle slips hanging below.
  RIDL:
    `<path d="M8 10h84" stroke="#7f0d0d" stroke-width="3"/>` +
    lantern(50, 40, 24) +
    `<path d="M30 64l-6 22h10zM66 64l4 24h10z" fill="#fff3c4" ${ow(1.4)}/>` +
    `<path d="M27 72h4M26 78h4M72 74h4M73 80h4" stroke="#c62828" stroke-width="1.6"/>` +
    `<path d="M30 58v6M70 58v6" stroke="${INK}" stroke-width="1.4"/>`,
  // 锣鼓: a festival drum with crossed sticks, a gong behind.
  DRUM:
    `<circle cx="74" cy="30" r="20" fill="url(#goldR)" ${O}/><circle cx="74" cy="30" r="8" fill="none" stroke="#9a6a12" stroke-width="2"/>` +
    `<path d="M16 50v26c0 8 16 14 34 14s34-6 34-14V50" fill="url(#red)" ${O}/>` +
    `<ellipse cx="50" cy="50" rx="34" ry="12" fill="#f3e2b8" ${O}/>` +
    `<path d="M20 62c8 6 52 6 60 0" fill="none" stroke="#f7c948" stroke-width="2"/>` +
    [24, 36, 50, 64, 76]
      .map((x) => `<circle cx="${x}" cy="${x === 50 ? 70 : x === 36 || x === 64 ? 69 : 66}" r="2" fill="#f7c948" ${ow(0.8)}/>`)
      .join('') +
    `<path d="M14 20l40 30M86 22L50 48" ${ow(6)}/><path d="M14 20l40 30M86 22L50 48" stroke="#c48b4a" stroke-width="3.5"/>` +
    `<circle cx="14" cy="20" r="5" fill="url(#redR)" ${ow(1.6)}/><circle cx="86" cy="22" r="5" fill="url(#redR)" ${ow(1.6)}/>`,
  // 汤圆: a bowl of sweet rice balls, steam rising.
  YUAN:
    `<path d="M34 30c-6-6 4-10-2-18M50 28c-6-6 4-10-2-18M66 30c-6-6 4-10-2-18" fill="none" stroke="#fff" stroke-width="2.6" opacity=".9"/>` +
    `<circle cx="38" cy="48" r="11" fill="url(#pearl)" ${O}/><circle cx="62" cy="48" r="11" fill="url(#pearl)" ${O}/>` +
    `<circle cx="50" cy="42" r="11" fill="#ffd6e0" ${O}/>` +
    `<path d="M12 52h76c0 20-18 34-38 34S12 72 12 52z" fill="url(#white)" ${O}/>` +
    `<path d="M20 62c12 4 48 4 60 0" fill="none" stroke="#2e6bd5" stroke-width="3"/>` +
    `<path d="M28 70c4 2 6 0 8-2M46 74c4 2 6 0 8-2M64 70c4 2 6 0 8-2" fill="none" stroke="#2e6bd5" stroke-width="2"/>` +
    `<path d="M38 86h24v6H38z" fill="#c9c3b4" ${O}/>`,
  // 圆月: a full moon with a drifting cloud and a small lantern.
  MOON:
    `<circle cx="54" cy="44" r="34" fill="url(#pearl)" ${O}/>` +
    `<circle cx="42" cy="34" r="6" fill="#dfe6f2"/><circle cx="66" cy="54" r="8" fill="#dfe6f2"/><circle cx="60" cy="26" r="3.4" fill="#dfe6f2"/>` +
    `<path d="M4 78c0-8 10-10 14-6 2-10 16-12 20-2 6-6 18-4 18 6 4 0 6 6 2 8H8c-4 0-6-2-4-6z" fill="#fff" ${O}/>` +
    `<path d="M20 80c4-4 8-4 10 0" fill="none" stroke="#3a7bd5" stroke-width="2"/>` +
    `<path d="M84 70v6" stroke="${INK}" stroke-width="1.4"/><ellipse cx="84" cy="82" rx="7" ry="6" fill="url(#redR)" ${ow(1.4)}/>`,
  // 中国结: a red Chinese knot of looped cord, with a tassel.
  KNOT:
    `<path d="M50 2v10" stroke="#c62828" stroke-width="3"/>` +
    `<path d="M50 12l28 28-28 28-28-28z" fill="url(#red)" ${O}/>` +
    `<path d="M36 26l28 28M43 19l28 28M29 33l28 28M64 26L36 54M57 19L29 47M71 33L43 61" stroke="#ffb4a8" stroke-width="1.8"/>` +
    around(4, 50, 40, `<circle cx="50" cy="6" r="6" fill="url(#red)" ${O} transform="translate(0 0)"/>`).replace(/cy="6"/g, 'cy="10"') +
    `<rect x="44" y="66" width="12" height="8" rx="2" fill="url(#gold)" ${ow(1.4)}/>` +
    `<path d="M42 74h16l4 22H38z" fill="url(#red)" ${ow(1.6)}/><path d="M44 78v16M50 78v16M56 78v16" stroke="#7f0d0d" stroke-width="1"/>`,
  // 窗花: a round red paper-cut with flower petals and a centre rosette.
  CUT:
    `<circle cx="50" cy="48" r="40" fill="#c62828" ${O}/>` +
    `<circle cx="50" cy="48" r="34" fill="none" stroke="#fff3c4" stroke-width="1.6" stroke-dasharray="3 3"/>` +
    around(8, 50, 48, `<path d="M50 46c-6-8-6-18 0-26 6 8 6 18 0 26z" fill="#fff3c4"/><circle cx="50" cy="16" r="2" fill="#fff3c4"/>`) +
    `<circle cx="50" cy="48" r="9" fill="#c62828" stroke="#fff3c4" stroke-width="2"/>` +
    `<polygon points="${starPoints(50, 48, 6, 6, 3)}" fill="#fff3c4"/>`,
};
