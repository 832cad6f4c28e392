/** 翠龙献瑞 (H5001): the dragon's pearl, the jade seal, the azure dragon, the phoenix and the lucky charms. */
import { INK, around, type SymbolArt } from './kit.ts';

const O = `stroke="${INK}" stroke-width="2.2"`;
/** An outline of another width. */
const ow = (w: number) => `stroke="${INK}" stroke-width="${w}"`;

export const JADE_DRAGON_ART: SymbolArt = {
  // 龙珠: a glowing pearl wrapped in flames.
  WLD:
    around(8, 50, 50, `<path d="M50 8c6 8 10 12 4 20-2-5-6-6-8-4 0-6 1-10 4-16z" fill="url(#red)" ${ow(1.6)}/>`) +
    `<circle cx="50" cy="50" r="25" fill="url(#pearl)" ${O}/>` +
    `<path d="M34 56c6 8 22 10 30-2" fill="none" stroke="#9fc7e8" stroke-width="3"/>` +
    `<circle cx="42" cy="41" r="7" fill="#fff"/><circle cx="58" cy="60" r="2.5" fill="#fff"/>`,
  // 玉玺: a jade seal with a coiled beast on top and its red impression.
  SCT:
    `<ellipse cx="50" cy="86" rx="34" ry="6" fill="#0005"/>` +
    `<path d="M22 58h56l4 24H18z" fill="url(#jade)" ${O}/>` +
    `<path d="M22 58h56v6H22z" fill="#bff3d6" ${ow(1.4)}/>` +
    `<path d="M30 58c-2-14 6-24 16-26 4-10 16-10 20-2 10 2 12 16 4 28z" fill="url(#jadeR)" ${O}/>` +
    `<circle cx="58" cy="38" r="3" fill="${INK}"/><path d="M40 46c4 4 10 4 14 0M62 30l6-6M54 28l-2-8" fill="none" ${O}/>` +
    `<rect x="36" y="68" width="28" height="10" rx="2" fill="#c62828" ${ow(1.4)}/>` +
    `<path d="M40 73h8M52 71v4M56 73h4" stroke="#ffd7d0" stroke-width="1.6"/>`,
  // 青龙: the head of an azure dragon, horns, whiskers and mane.
  DRG:
    `<path d="M30 30c-6-14 4-22 10-20-4 6-2 12 4 16zM56 24c2-14 14-16 18-12-6 2-8 8-6 14z" fill="url(#gold)" ${O}/>` +
    `<path d="M22 40c8-14 30-20 46-12 10 4 18 14 20 26l-8 4 6 8c-6 8-18 10-28 8l-10 10-4-12c-10-2-18-6-22-14-6-2-6-10 0-16z" fill="url(#jade)" ${O}/>` +
    `<path d="M16 56c-8 2-12 10-10 18 4-6 8-8 14-8M24 66c-6 6-6 14-2 20 2-8 6-10 10-12" fill="url(#jadeR)" ${O}/>` +
    `<path d="M66 62c10 0 20 4 24 12M70 58c10-4 20-2 26 4" fill="none" stroke="#f7c948" stroke-width="2.4"/>` +
    `<ellipse cx="54" cy="42" rx="8" ry="6" fill="#fff8d6" ${O}/><circle cx="56" cy="42" r="3.4" fill="#c62828"/>` +
    `<circle cx="57" cy="41" r="1.2" fill="#fff"/>` +
    `<path d="M44 34c4-4 12-6 18-2M72 52l8 2M30 48c6 4 10 4 16 2" fill="none" ${O}/>` +
    `<path d="M62 70l4 6 4-6M54 70l3 6 3-6" fill="#fff" ${ow(1.4)}/>`,
  // 凤凰: a phoenix, wings raised, long eyed tail feathers.
  PHX:
    `<path d="M44 60c-10 10-24 20-36 22 10-8 18-20 22-30z" fill="url(#orange)" ${O}/>` +
    `<path d="M50 62c0 14-6 26-16 32 12-2 26-10 30-26z" fill="url(#red)" ${O}/>` +
    `<path d="M56 60c8 10 20 16 32 16-6-8-16-18-26-22z" fill="url(#orange)" ${O}/>` +
    `<circle cx="18" cy="80" r="4" fill="#2e7dd7" ${ow(1.2)}/><circle cx="38" cy="90" r="4" fill="#2e7dd7" ${ow(1.2)}/>` +
    `<circle cx="84" cy="74" r="4" fill="#2e7dd7" ${ow(1.2)}/>` +
    `<path d="M40 50c-14-6-24-20-26-36 12 4 22 12 28 24zM58 48c10-10 16-24 14-38-10 8-16 20-18 32z" fill="url(#gold)" ${O}/>` +
    `<ellipse cx="50" cy="54" rx="12" ry="14" fill="url(#goldR)" ${O}/>` +
    `<path d="M50 42c-2-8 2-14 8-16 6 0 8 4 8 8l8 2-8 4c-2 4-8 6-12 4z" fill="url(#red)" ${O}/>` +
    `<path d="M56 26c0-6 4-10 8-10M60 26c2-4 6-6 10-4" fill="none" stroke="#f7c948" stroke-width="2.4"/>` +
    `<circle cx="62" cy="32" r="1.8" fill="${INK}"/>`,
  // 如意: a ruyi sceptre, its cloud head and curved handle with a tassel.
  RUY:
    `<path d="M34 44c8 12 20 26 40 40l6-6C60 66 48 52 40 40z" fill="url(#gold)" ${O}/>` +
    `<path d="M18 30c-2-12 10-20 18-14 2-10 18-10 20 0 10-2 16 10 8 18-4 8-14 10-20 6-6 6-18 6-22-2-4 0-6-4-4-8z" fill="url(#jadeR)" ${O}/>` +
    `<path d="M30 30c4-4 10-4 12 2s8 4 10-2" fill="none" ${O}/>` +
    `<circle cx="60" cy="64" r="5" fill="url(#redR)" ${ow(1.6)}/>` +
    `<path d="M78 82c-2 6 0 12 4 14M82 80c2 6 6 10 10 10" fill="none" stroke="#c62828" stroke-width="3"/>`,
  // 元宝: a gold sycee ingot on a glint.
  ING:
    `<ellipse cx="50" cy="80" rx="36" ry="6" fill="#0004"/>` +
    `<path d="M10 48c10 4 20 6 22 2h36c2 4 12 2 22-2-2 16-14 32-40 32S12 64 10 48z" fill="url(#gold)" ${O}/>` +
    `<ellipse cx="50" cy="50" rx="20" ry="16" fill="url(#goldR)" ${O}/>` +
    `<path d="M32 52c4 4 32 4 36 0" fill="none" ${O}/>` +
    `<path d="M38 42c2-4 8-6 12-4" fill="none" stroke="#fff" stroke-width="3"/>` +
    `<path d="M76 20l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" fill="#fff"/>`,
  // 玉佩: a jade bi disc on a red cord with a tassel.
  PEI:
    `<path d="M50 2v14" stroke="#c62828" stroke-width="3"/>` +
    `<path d="M44 16h12l-2 6h-8z" fill="url(#red)" ${ow(1.4)}/>` +
    `<circle cx="50" cy="48" r="26" fill="url(#jadeR)" ${O}/>` +
    `<circle cx="50" cy="48" r="9" fill="#e8fff1" ${O}/>` +
    `<circle cx="50" cy="48" r="18" fill="none" stroke="#0d5a3a" stroke-width="1.4" stroke-dasharray="2 4"/>` +
    `<path d="M50 74v6" stroke="#c62828" stroke-width="3"/>` +
    `<path d="M44 80h12l4 18H40z" fill="url(#red)" ${ow(1.4)}/>` +
    `<path d="M46 84v12M50 84v12M54 84v12" stroke="#7f0d0d" stroke-width="1"/>`,
  // 祥云: an auspicious cloud of curling scrolls.
  YUN:
    `<path d="M10 66c-4-10 4-18 12-16 0-14 16-20 24-10 4-12 24-14 28 0 12-4 22 6 18 16 6 4 4 14-4 14H16c-6 0-8-2-6-4z" fill="url(#white)" ${O}/>` +
    `<path d="M30 66c-6 0-8-8-2-10 4-1 6 4 2 6M52 56c-8-2-8-12 0-12 6 0 6 8 0 8M74 62c-6-2-4-10 2-10 5 1 4 6 0 6" fill="none" stroke="#3a7bd5" stroke-width="2.4"/>` +
    `<path d="M20 80c10 0 16-4 24-4s16 6 26 4" fill="none" stroke="#3a7bd5" stroke-width="2.4"/>`,
  // 铜钱: a bronze cash coin with its square hole.
  QIAN:
    `<ellipse cx="52" cy="84" rx="30" ry="5" fill="#0004"/>` +
    `<circle cx="50" cy="48" r="32" fill="url(#goldR)" ${O}/>` +
    `<circle cx="50" cy="48" r="25" fill="none" stroke="#9a6a12" stroke-width="2"/>` +
    `<rect x="40" y="38" width="20" height="20" fill="#5b3a0a" ${O}/>` +
    `<rect x="36" y="34" width="28" height="28" fill="none" stroke="#9a6a12" stroke-width="1.6"/>` +
    `<circle cx="50" cy="24" r="2.6" fill="#9a6a12"/><circle cx="50" cy="72" r="2.6" fill="#9a6a12"/>` +
    `<circle cx="26" cy="48" r="2.6" fill="#9a6a12"/><circle cx="74" cy="48" r="2.6" fill="#9a6a12"/>` +
    `<path d="M30 34c4-8 10-12 18-14" fill="none" stroke="#fff" stroke-width="3"/>`,
  // 莲花: a lotus in bloom over a lily pad.
  LIAN:
    `<ellipse cx="50" cy="78" rx="38" ry="10" fill="url(#leaf)" ${O}/>` +
    `<path d="M50 78c-10-6-30-6-36-18 12-2 26 2 36 14zM50 78c10-6 30-6 36-18-12-2-26 2-36 14z" fill="url(#pink)" ${O}/>` +
    `<path d="M50 76c-16-8-24-24-20-40 10 6 18 20 20 36zM50 76c16-8 24-24 20-40-10 6-18 20-20 36z" fill="url(#pink)" ${O}/>` +
    `<path d="M50 74c-8-12-8-30 0-48 8 18 8 36 0 48z" fill="#ffe1ec" ${O}/>` +
    `<circle cx="50" cy="64" r="4" fill="#f7c948" ${ow(1.2)}/>`,
};
