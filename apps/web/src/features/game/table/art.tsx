/**
 * The tables' own art, drawn in SVG (no image assets): playing cards (face and back), dice with pips, chips.
 * A card is 0–51: rank = c % 13 (A = 0 … K = 12), suit = ⌊c / 13⌋ ♠ ♥ ♣ ♦ (hearts and diamonds red).
 */
import { RANKS, rankOf, suitOf } from '@portal/games';
import { DIE_PIPS } from '../diePips.ts';

const SUIT_GLYPHS = ['♠', '♥', '♣', '♦'] as const;

export const cardLabel = (c: number): string => `${SUIT_GLYPHS[suitOf(c)]}${RANKS[rankOf(c)]}`;
const isRed = (c: number) => suitOf(c) === 1 || suitOf(c) === 3;

export function CardFace({ card }: { card: number }) {
  const colour = isRed(card) ? '#c8102e' : '#1b1b1b';
  const rank = RANKS[rankOf(card)];
  const suit = SUIT_GLYPHS[suitOf(card)];
  return (
    <svg viewBox="0 0 60 84" className="tcard__svg" aria-label={cardLabel(card)} role="img">
      <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf7" stroke="#c9c2b0" />
      <text x="7" y="19" fontSize="15" fontWeight="700" fill={colour}>
        {rank}
      </text>
      <text x="7" y="33" fontSize="13" fill={colour}>
        {suit}
      </text>
      <text x="30" y="58" fontSize="30" textAnchor="middle" fill={colour}>
        {suit}
      </text>
      <text x="53" y="77" fontSize="15" fontWeight="700" textAnchor="end" fill={colour}>
        {rank}
      </text>
    </svg>
  );
}

export function CardBack() {
  return (
    <svg viewBox="0 0 60 84" className="tcard__svg" aria-hidden="true">
      <defs>
        <pattern id="tcard-lattice" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="8" height="8" fill="#7a1422" />
          <path d="M0 4h8M4 0v8" stroke="#b8862b" strokeWidth="1" />
        </pattern>
      </defs>
      <rect x="1" y="1" width="58" height="82" rx="6" fill="url(#tcard-lattice)" stroke="#e4c77a" strokeWidth="2" />
      <rect x="7" y="7" width="46" height="70" rx="4" fill="none" stroke="#e4c77a" />
    </svg>
  );
}

export function Die({ value, size = 40, className }: { value: number; size?: number; className?: string }) {
  const red = value === 1 || value === 4;
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} className={className ?? 'tdie'} role="img" aria-label={String(value)}>
      <rect x="1.5" y="1.5" width="37" height="37" rx="8" fill="#fbfaf6" stroke="#b9b2a2" strokeWidth="1.5" />
      {(DIE_PIPS[value] ?? []).map(([x, y]) => (
        <circle key={`${x}${y}`} cx={10 + x * 10} cy={10 + y * 10} r={value === 1 ? 5 : 3.6} fill={red ? '#c8102e' : '#202020'} />
      ))}
    </svg>
  );
}

/** A chip of the table's colours by its value (yuan). */
const CHIP_COLOURS: Record<string, string> = {
  '10': '#2f6fd6',
  '50': '#2e9d5b',
  '100': '#1d1d1d',
  '500': '#7b3fc4',
  '1000': '#d68a1f',
  '5000': '#c8102e',
};

export function ChipArt({ value, size = 44 }: { value: string; size?: number }) {
  const fill = CHIP_COLOURS[value] ?? '#555';
  const text = value;
  return (
    <svg viewBox="0 0 44 44" width={size} height={size} aria-hidden="true">
      <circle cx="22" cy="22" r="21" fill={fill} />
      <circle cx="22" cy="22" r="21" fill="none" stroke="#fff" strokeWidth="5" strokeDasharray="6 7.2" />
      <circle cx="22" cy="22" r="14" fill="#fff" opacity="0.92" />
      <text x="22" y="26.5" textAnchor="middle" fontSize={text.length > 3 ? 9.5 : 12} fontWeight="700" fill={fill}>
        {text}
      </text>
    </svg>
  );
}
