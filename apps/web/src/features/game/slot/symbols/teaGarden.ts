/** 茶园 (H5002): the clay teapot, the picking basket, the crane, the celadon cup and the garden's leaves and flowers. */
import { INK, around, type SymbolArt } from './kit.ts';

const O = `stroke="${INK}" stroke-width="2.2"`;
const ow = (w: number) => `stroke="${INK}" stroke-width="${w}"`;

/** A tea leaf from (x, y), length l, turned by deg. */
const leaf = (x: number, y: number, l: number, deg: number, fill = 'url(#leaf)') =>
  `<g transform="translate(${x} ${y}) rotate(${deg})"><path d="M0 0c${l * 0.3} ${-l * 0.3} ${l * 0.8} ${-l * 0.3} ${l} 0c${-l * 0.2} ${l * 0.3} ${-l * 0.7} ${l * 0.3} ${-l} 0z" fill="${fill}" ${ow(1.6)}/>` +
  `<path d="M${l * 0.1} 0h${l * 0.8}" stroke="#2f6b12" stroke-width="1"/></g>`;

export const TEA_GARDEN_ART: SymbolArt = {
  // 紫砂壶: a purple-clay teapot with steam.
  WLD:
    `<ellipse cx="50" cy="86" rx="34" ry="5" fill="#0004"/>` +
    `<path d="M70 50c14-6 20 8 10 16l-8 4" fill="none" ${ow(6)}/><path d="M70 50c14-6 20 8 10 16l-8 4" fill="none" stroke="#8a4b32" stroke-width="3.5"/>` +
    `<path d="M28 56L8 40l2-4 8 2 16 10z" fill="url(#clay)" ${O}/>` +
    `<path d="M24 60c0-16 12-24 26-24s26 8 26 24-10 24-26 24-26-8-26-24z" fill="url(#clay)" ${O}/>` +
    `<path d="M32 40h36l-4-6H36z" fill="#6d3a26" ${O}/><circle cx="50" cy="28" r="5" fill="url(#clay)" ${O}/>` +
    `<path d="M32 60c6 6 30 6 36 0" fill="none" stroke="#f7c948" stroke-width="2"/>` +
    `<path d="M34 46c4-4 10-6 16-6" fill="none" stroke="#e8b49a" stroke-width="3"/>` +
    `<path d="M12 28c-4-6 4-8 0-14M20 22c-4-6 4-8 0-14" fill="none" stroke="#fff" stroke-width="2.4" opacity=".85"/>`,
  // 采茶篮: a woven picking basket full of fresh leaves.
  SCT:
    `<path d="M22 46c0-30 56-30 56 0" fill="none" ${ow(7)}/><path d="M22 46c0-30 56-30 56 0" fill="none" stroke="#c48b4a" stroke-width="4"/>` +
    leaf(26, 46, 26, -40) +
    leaf(40, 44, 28, -80) +
    leaf(56, 46, 26, -120) +
    leaf(50, 46, 24, -20) +
    `<path d="M16 46h68l-8 38H24z" fill="#d9a45e" ${O}/>` +
    `<path d="M18 56h64M20 66h60M22 76h56" stroke="#8a5a1e" stroke-width="2"/>` +
    `<path d="M30 46l4 38M42 46l2 38M56 46l-2 38M70 46l-4 38" stroke="#8a5a1e" stroke-width="1.6"/>` +
    `<path d="M14 44h72v6H14z" fill="#b77a34" ${O}/>`,
  // 白鹤: a red-crowned crane stepping, wings half open.
  CRN:
    `<path d="M44 62l-4 30M54 62l8 18-6 12" fill="none" ${ow(2.4)}/>` +
    `<path d="M30 44c10-6 30-6 38 6 6 10-2 18-18 18-14 0-26-8-28-16z" fill="url(#white)" ${O}/>` +
    `<path d="M60 46c10-6 22-4 30 4-10 2-18 8-22 14z" fill="url(#white)" ${O}/>` +
    `<path d="M30 50c-8 2-16 8-20 16 10-2 18-4 24-8z" fill="#222" ${O}/>` +
    `<path d="M36 46c-4-14 0-26 8-32" fill="none" ${ow(7)}/><path d="M36 46c-4-14 0-26 8-32" fill="none" stroke="#333" stroke-width="4"/>` +
    `<circle cx="46" cy="14" r="6" fill="#fff" ${O}/><path d="M46 8c2-3 5-3 6 0" fill="#e53935" ${ow(1.4)}/>` +
    `<path d="M51 14l18 4-18 0z" fill="#9e9d24" ${ow(1.4)}/><circle cx="47" cy="13" r="1.4" fill="${INK}"/>` +
    `<path d="M70 58c6 0 12-2 16-6" fill="none" stroke="#222" stroke-width="3"/>`,
  // 青瓷杯: a celadon cup on its saucer, tea steaming.
  CUP:
    `<ellipse cx="50" cy="78" rx="38" ry="9" fill="url(#jade)" ${O}/>` +
    `<path d="M22 44h56c0 20-10 34-28 34S22 64 22 44z" fill="url(#jadeR)" ${O}/>` +
    `<ellipse cx="50" cy="44" rx="28" ry="7" fill="#c58b2a" ${O}/>` +
    `<ellipse cx="46" cy="43" rx="10" ry="2" fill="#f3c56b"/>` +
    `<path d="M32 56c4 8 12 12 18 12" fill="none" stroke="#e8fff1" stroke-width="3"/>` +
    `<path d="M40 32c-6-6 4-10-2-18M52 30c-6-6 4-10-2-18M64 32c-6-6 4-10-2-18" fill="none" stroke="#fff" stroke-width="2.6" opacity=".9"/>`,
  // 新芽: a tea shoot, two leaves and a bud.
  LEAF:
    `<path d="M50 94c0-20 2-40 0-60" fill="none" stroke="#2f6b12" stroke-width="4"/>` +
    leaf(50, 70, 38, -150) +
    leaf(50, 56, 36, -25) +
    `<path d="M50 40c-8-10-6-24 0-32 6 8 8 22 0 32z" fill="#b8f07a" ${O}/>` +
    `<path d="M50 38V14" stroke="#6cbf3a" stroke-width="1.4"/>` +
    `<circle cx="74" cy="30" r="3" fill="#9be7ff" ${ow(1)}/><circle cx="24" cy="44" r="2.4" fill="#9be7ff" ${ow(1)}/>`,
  // 团扇: a round silk fan painted with a branch, on a bamboo handle with a tassel.
  FAN:
    `<path d="M50 74v20" stroke="#8a5a1e" stroke-width="5"/><path d="M50 94c-4 2-6 6-6 6M50 94c4 2 6 6 6 6" stroke="#c62828" stroke-width="2.4"/>` +
    `<circle cx="50" cy="42" r="34" fill="#8a5a1e" ${O}/>` +
    `<circle cx="50" cy="42" r="30" fill="url(#white)"/>` +
    `<path d="M26 60c10-6 20-18 28-32M40 46c6 0 12 2 16 6" fill="none" stroke="#4e2617" stroke-width="2.4"/>` +
    [
      [54, 28],
      [60, 52],
      [36, 42],
    ]
      .map(
        ([x, y]) =>
          `<g>${around(5, x!, y!, `<circle cx="${x}" cy="${y! - 4}" r="3.4" fill="#f48fb1"/>`)}<circle cx="${x}" cy="${y}" r="1.6" fill="#f7c948"/></g>`,
      )
      .join('') +
    `<path d="M64 20c6 2 8 6 8 8" fill="none" stroke="#9c4dcc" stroke-width="2"/>`,
  // 竹叶: bamboo canes with leaves.
  BAM:
    `<path d="M38 96V6M62 96V20" stroke="${INK}" stroke-width="10"/>` +
    `<path d="M38 96V6M62 96V20" stroke="url(#leaf)" stroke-width="7"/>` +
    `<path d="M33 34h10M33 62h10M57 46h10M57 74h10" stroke="${INK}" stroke-width="2.4"/>` +
    leaf(40, 34, 30, -30) +
    leaf(40, 36, 26, 10) +
    leaf(62, 46, 30, -160) +
    leaf(62, 48, 28, 170) +
    leaf(62, 74, 26, -20),
  // 梅花: plum blossoms on a dark branch.
  PLM:
    `<path d="M8 88c16-10 30-20 40-36 6-10 16-18 30-24M40 60c-10-4-18-12-20-22" fill="none" stroke="#4e2617" stroke-width="5"/>` +
    [
      [52, 44, 15],
      [78, 26, 10],
      [22, 34, 9],
    ]
      .map(
        ([x, y, r]) =>
          around(5, x!, y!, `<circle cx="${x}" cy="${y! - r! * 0.62}" r="${r! * 0.5}" fill="url(#pink)" ${ow(1.4)}/>`) +
          `<circle cx="${x}" cy="${y}" r="${r! * 0.28}" fill="#f7c948" ${ow(1)}/>`,
      )
      .join(''),
  // 兰花: an orchid, long blades and two purple flowers.
  ORC:
    `<path d="M50 94C40 60 20 40 6 34M50 94c4-30 20-50 40-58M50 94c-2-24 0-44 6-62M50 94c-10-20-24-28-36-30" fill="none" stroke="${INK}" stroke-width="5"/>` +
    `<path d="M50 94C40 60 20 40 6 34M50 94c4-30 20-50 40-58M50 94c-2-24 0-44 6-62M50 94c-10-20-24-28-36-30" fill="none" stroke="#4f9a2a" stroke-width="3"/>` +
    [
      [36, 40],
      [66, 52],
    ]
      .map(
        ([x, y]) =>
          around(5, x!, y!, `<ellipse cx="${x}" cy="${y! - 8}" rx="5" ry="9" fill="url(#purple)" ${ow(1.4)}/>`) +
          `<circle cx="${x}" cy="${y}" r="3" fill="#fff59d" ${ow(1)}/>`,
      )
      .join(''),
};
