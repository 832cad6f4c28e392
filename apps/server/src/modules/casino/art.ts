import { fishHall, titleByCode, type SlotDef } from '@portal/games';
import { tableConfig } from '../tables/config.ts';

/**
 * The lobby's art, our own: simple generated SVGs (no third-party images), served at
 * /game-art/<gameCode>.svg for the house titles and /game-art/venue/<channelCode>.svg for every venue.
 * Each title has a motif drawn from shapes on its palette, and its name from the title's data.
 */
export const gameArtUrl = (code: string) => `/game-art/${code}.svg`;
export const venueArtUrl = (channelCode: string) => `/game-art/venue/${channelCode}.svg`;

/** Art that has the game's name drawn in (house titles, the sandbox aggregator's games) comes in each language: zh-TW asks for its own. */
export const localArtUrl = (art: string, locale: 'zh-CN' | 'zh-TW'): string =>
  locale === 'zh-TW' && art.startsWith('/game-art/') && !art.startsWith('/game-art/venue/') ? `${art}?lang=zh-TW` : art;

/** The language of art asked for by `?lang=` (zh-CN unless zh-TW). */
export const artLocale = (query: unknown): 'zh-CN' | 'zh-TW' =>
  (query as { lang?: unknown } | undefined)?.lang === 'zh-TW' ? 'zh-TW' : 'zh-CN';

interface Look {
  from: string;
  to: string;
  ink: string;
  motif: string;
}

const LOOKS: Record<string, Look> = {
  // A jade dragon pearl: a coiled body of rings around a glowing pearl.
  H5001: {
    from: '#0f5132',
    to: '#3fb27f',
    ink: '#f5e6a8',
    motif:
      '<circle cx="120" cy="100" r="46" fill="none" stroke="#bfe8cf" stroke-width="10" stroke-dasharray="18 8"/>' +
      '<circle cx="120" cy="100" r="22" fill="#f5e6a8"/><circle cx="112" cy="92" r="7" fill="#fffbe8"/>' +
      '<path d="M60 150q30-30 60-10t60-10" fill="none" stroke="#bfe8cf" stroke-width="8" stroke-linecap="round"/>',
  },
  // A tea garden: rolling terraces and a leaf.
  H5002: {
    from: '#d8f3c4',
    to: '#5a9e4b',
    ink: '#1e3d17',
    motif:
      '<path d="M0 150q60-30 120 0t120 0v90H0z" fill="#3f7f35"/><path d="M0 175q60-30 120 0t120 0v60H0z" fill="#2d6426"/>' +
      '<path d="M120 40c40 10 50 50 20 80-30-10-45-50-20-80z" fill="#6cc24a"/><path d="M122 48q8 36 16 68" stroke="#1e3d17" stroke-width="3" fill="none"/>',
  },
  // A lantern festival: three red lanterns on a night sky.
  H5003: {
    from: '#1b1035',
    to: '#5b1a3a',
    ink: '#ffd36b',
    motif: [60, 120, 180]
      .map(
        (x, i) =>
          `<line x1="${x}" y1="0" x2="${x}" y2="${40 + i * 12}" stroke="#ffd36b" stroke-width="2"/>` +
          `<ellipse cx="${x}" cy="${70 + i * 12}" rx="24" ry="30" fill="#e53935"/>` +
          `<rect x="${x - 12}" y="${38 + i * 12}" width="24" height="6" fill="#ffd36b"/><rect x="${x - 12}" y="${96 + i * 12}" width="24" height="6" fill="#ffd36b"/>`,
      )
      .join(''),
  },
  // A deep-sea pearl: an open shell in blue water with bubbles.
  H5004: {
    from: '#03254c',
    to: '#1c77c3',
    ink: '#e6f4ff',
    motif:
      '<path d="M70 140a50 50 0 0 1 100 0z" fill="#f2b6c6"/><path d="M70 140q50 30 100 0" fill="#e597ab"/>' +
      '<circle cx="120" cy="128" r="16" fill="#fdfdfd"/><circle cx="114" cy="122" r="5" fill="#ffffff"/>' +
      '<circle cx="60" cy="60" r="6" fill="none" stroke="#bfe3ff" stroke-width="2"/><circle cx="180" cy="44" r="9" fill="none" stroke="#bfe3ff" stroke-width="2"/>',
  },
};

/** Category colours of the venue art. */
const CATEGORY_COLOURS: Record<string, [string, string]> = {
  TY: ['#0b6e4f', '#3fbf7f'],
  ZR: ['#6a1b9a', '#c2185b'],
  QP: ['#8d4b00', '#f0a020'],
  DZ: ['#1a237e', '#42a5f5'],
  BY: ['#004d60', '#26c6da'],
  CP: ['#b71c1c', '#ff7043'],
  DJ: ['#263238', '#7c4dff'],
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function frame(from: string, to: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="240" height="240" rx="24" fill="url(#g)"/>${body}</svg>`
  );
}

function titleSvg(def: SlotDef, look: Look, locale: 'zh-CN' | 'zh-TW'): string {
  const name = escapeXml(def.names[locale]);
  return frame(
    look.from,
    look.to,
    `${look.motif}<text x="120" y="214" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="${look.ink}">${name}</text>`,
  );
}

/** The art of a house title, or null for a code that has none. */
export function gameSvg(code: string, locale: 'zh-CN' | 'zh-TW' = 'zh-CN'): string | null {
  const def = titleByCode(code);
  const look = LOOKS[code];
  if (def && look) return titleSvg(def, look, locale);
  // The house tables and draws, and the fishing halls: their category's colours and motif, and their name.
  const table = tableConfig(code);
  const hall = table ? undefined : fishHall(code);
  const named = table ?? (hall && { category: 'BY', names: hall.names });
  if (!named) return null;
  const [from, to] = CATEGORY_COLOURS[named.category]!;
  return frame(
    from,
    to,
    `<g transform="translate(0 -14)">${VENUE_MOTIFS[named.category]}</g>` +
      `<text x="120" y="214" text-anchor="middle" font-family="sans-serif" font-size="26" font-weight="700" fill="#fff8e1">${escapeXml(named.names[locale])}</text>`,
  );
}

/** Category motifs of the venue art (shapes only: no code or Latin letter in front of players). */
const VENUE_MOTIFS: Record<string, string> = {
  // A football.
  TY:
    '<circle cx="120" cy="110" r="62" fill="#ffffff"/><path d="M120 84l24 17-9 28h-30l-9-28z" fill="#1b1b1b"/>' +
    '<path d="M120 48v36M144 101l34-10M135 129l20 30M105 129l-20 30M96 101l-34-10" stroke="#1b1b1b" stroke-width="5"/>',
  // Two cards and a chip.
  ZR:
    '<rect x="64" y="52" width="76" height="108" rx="10" fill="rgba(255,255,255,.45)" transform="rotate(-12 100 106)"/>' +
    '<rect x="100" y="48" width="76" height="108" rx="10" fill="#fffdf6" transform="rotate(8 138 102)"/>' +
    '<path d="M138 80l16 22-16 22-16-22z" fill="#d32f2f" transform="rotate(8 138 102)"/>' +
    '<circle cx="84" cy="158" r="24" fill="#ffca28" stroke="#fff" stroke-width="6" stroke-dasharray="8 6"/>',
  // Mahjong tiles.
  QP:
    '<rect x="58" y="56" width="60" height="84" rx="8" fill="#fffdf6"/><rect x="122" y="56" width="60" height="84" rx="8" fill="#fffdf6"/>' +
    '<circle cx="88" cy="84" r="10" fill="#2e7d32"/><circle cx="88" cy="114" r="10" fill="#c62828"/>' +
    '<rect x="146" y="70" width="12" height="56" rx="4" fill="#2e7d32"/><rect x="128" y="150" width="48" height="10" rx="5" fill="rgba(255,255,255,.4)"/>',
  // Three reels of a slot machine.
  DZ:
    '<rect x="50" y="54" width="140" height="104" rx="14" fill="#fffdf6"/>' +
    [72, 120, 168].map((x, i) => `<circle cx="${x}" cy="106" r="16" fill="${['#e53935', '#ffca28', '#43a047'][i]}"/>`).join('') +
    '<rect x="194" y="70" width="10" height="54" rx="5" fill="#ffca28"/><circle cx="199" cy="66" r="9" fill="#e53935"/>',
  // A fish.
  BY: '<ellipse cx="112" cy="106" rx="58" ry="34" fill="#ffca28"/><path d="M166 106l34-28v56z" fill="#ffb300"/><circle cx="84" cy="98" r="7" fill="#263238"/>',
  // Lottery balls.
  CP: [
    [88, 92, '#ffca28'],
    [148, 92, '#42a5f5'],
    [118, 140, '#66bb6a'],
  ]
    .map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="30" fill="${c}"/><circle cx="${x}" cy="${y}" r="14" fill="#ffffff"/>`)
    .join(''),
  // A game controller.
  DJ:
    '<rect x="52" y="76" width="136" height="66" rx="33" fill="#fffdf6"/><rect x="76" y="102" width="30" height="10" rx="3" fill="#263238"/>' +
    '<rect x="86" y="92" width="10" height="30" rx="3" fill="#263238"/><circle cx="150" cy="98" r="8" fill="#e53935"/><circle cx="166" cy="116" r="8" fill="#42a5f5"/>',
};

/** A venue's art: its category's colours and motif (the venue card shows the name beside it). */
export function venueSvg(category: string): string {
  const [from, to] = CATEGORY_COLOURS[category] ?? ['#37474f', '#90a4ae'];
  return frame(from, to, `<circle cx="120" cy="108" r="86" fill="rgba(255,255,255,.12)"/>${VENUE_MOTIFS[category] ?? ''}`);
}
