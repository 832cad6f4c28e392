import { titleByCode, type SlotDef } from '@portal/games';

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
  return def && look ? titleSvg(def, look, locale) : null;
}

/** A venue's art: its category's colours and its channel code. */
export function venueSvg(channelCode: string, category: string): string {
  const [from, to] = CATEGORY_COLOURS[category] ?? ['#37474f', '#90a4ae'];
  return frame(
    from,
    to,
    `<circle cx="120" cy="100" r="56" fill="rgba(255,255,255,.16)"/><text x="120" y="116" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="700" fill="#ffffff">${escapeXml(category)}</text>` +
      `<text x="120" y="200" text-anchor="middle" font-family="monospace" font-size="26" fill="rgba(255,255,255,.85)">${escapeXml(channelCode)}</text>`,
  );
}
