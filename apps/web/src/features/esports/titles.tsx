/**
 * The five e-sports titles of the house book (game types EL, EK, ED, EC, EV) and their icons: our own
 * emblems drawn here (a crest, a crown, a shield, a crosshair, a blade), never a game's logo.
 */
export const ESPORTS_TITLES = ['EL', 'EK', 'ED', 'EC', 'EV'] as const;
export type EsportsTitle = (typeof ESPORTS_TITLES)[number];

export const isEsportsType = (gameType: string): gameType is EsportsTitle => (ESPORTS_TITLES as readonly string[]).includes(gameType);

/** Each title's colours: the emblem's fill and its mark. */
const COLOURS: Record<EsportsTitle, [string, string]> = {
  EL: ['#1f4e8c', '#e8c766'],
  EK: ['#8c2f1f', '#ffd98a'],
  ED: ['#3b1f4e', '#ff6b5a'],
  EC: ['#2d3b2a', '#f2a93b'],
  EV: ['#5a1f35', '#ff9fb0'],
};

/** The mark inside the emblem, on a 40 × 40 grid. */
function Mark({ title, ink }: { title: EsportsTitle; ink: string }) {
  switch (title) {
    case 'EL': // a crest with a sword
      return (
        <g fill="none" stroke={ink} strokeWidth={2.4} strokeLinecap="round">
          <path d="M20 8 L20 30" />
          <path d="M14 26 L26 26" />
          <path d="M12 12 L20 8 L28 12" />
          <circle cx={20} cy={32} r={2} fill={ink} />
        </g>
      );
    case 'EK': // a crown
      return <path d="M10 27 L12 14 L17 20 L20 11 L23 20 L28 14 L30 27 Z" fill={ink} />;
    case 'ED': // a shield with three stars
      return (
        <g fill={ink}>
          <path d="M20 8 L30 12 Q30 26 20 32 Q10 26 10 12 Z" fillOpacity={0.35} stroke={ink} strokeWidth={1.6} />
          <circle cx={16} cy={17} r={2} />
          <circle cx={24} cy={17} r={2} />
          <circle cx={20} cy={24} r={2} />
        </g>
      );
    case 'EC': // a crosshair
      return (
        <g fill="none" stroke={ink} strokeWidth={2.4} strokeLinecap="round">
          <circle cx={20} cy={20} r={9} />
          <path d="M20 6 L20 14 M20 26 L20 34 M6 20 L14 20 M26 20 L34 20" />
          <circle cx={20} cy={20} r={1.6} fill={ink} />
        </g>
      );
    default: // EV: a blade across a diamond
      return (
        <g>
          <path d="M20 7 L33 20 L20 33 L7 20 Z" fill="none" stroke={ink} strokeWidth={2.2} />
          <path d="M12 29 L29 10 L27 17 Z" fill={ink} />
        </g>
      );
  }
}

/** A title's emblem (decorative: the title's name is always written beside it). */
export function TitleIcon({ title, size = 32 }: { title: string; size?: number }) {
  if (!isEsportsType(title)) return null;
  const [bg, ink] = COLOURS[title];
  return (
    <svg
      className={`esports-icon esports-icon--${title}`}
      data-testid={`esports-icon-${title}`}
      viewBox="0 0 40 40"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      // Its own size wherever it sits: the phone's `svg { max-width: 100% }` collapsed it in content-sized strips.
      style={{ flex: 'none', maxWidth: 'none' }}
    >
      <rect x={1} y={1} width={38} height={38} rx={9} fill={bg} />
      <Mark title={title} ink={ink} />
    </svg>
  );
}
