/**
 * The site's preset avatars: simple generated SVG portraits (no third-party images), served at
 * /avatars/<id>.svg. Each is a coloured background with a head-and-shoulders figure.
 */
const PALETTE: Array<[string, string, string]> = [
  // [background from, background to, figure]
  ['#f6d365', '#fda085', '#fff7ec'],
  ['#84fab0', '#8fd3f4', '#f1fffb'],
  ['#a1c4fd', '#c2e9fb', '#f4f9ff'],
  ['#fbc2eb', '#a6c1ee', '#fff4fb'],
  ['#ffecd2', '#fcb69f', '#fff9f3'],
  ['#667eea', '#764ba2', '#efeaff'],
  ['#43e97b', '#38f9d7', '#effff6'],
  ['#fa709a', '#fee140', '#fff6f0'],
  ['#30cfd0', '#330867', '#e9fbff'],
  ['#c79081', '#dfa579', '#fff5ee'],
  ['#b224ef', '#7579ff', '#f6ecff'],
  ['#e0c3fc', '#8ec5fc', '#f8f3ff'],
];

export const PRESET_AVATARS = PALETTE.map((_, i) => `p${String(i + 1).padStart(2, '0')}`);

export const presetUrl = (id: string) => `/avatars/${id}.svg`;

export function presetSvg(id: string): string | null {
  const i = PRESET_AVATARS.indexOf(id);
  if (i < 0) return null;
  const [from, to, fig] = PALETTE[i]!;
  // Every other avatar wears its hair long: a little variety from the same two shapes.
  const hair =
    i % 2 === 0
      ? '<path d="M38 50c0-16 10-24 22-24s22 8 22 24c-6-8-14-10-22-10s-16 2-22 10z" fill="rgba(0,0,0,.18)"/>'
      : '<path d="M36 54c0-18 10-28 24-28s24 10 24 28v14c-3-4-5-12-5-18-6 4-13 6-19 6s-13-2-19-6c0 6-2 14-5 18z" fill="rgba(0,0,0,.18)"/>';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="120" height="120" rx="60" fill="url(#g)"/>` +
    `<circle cx="60" cy="52" r="20" fill="${fig}"/>${hair}` +
    `<path d="M22 108c4-20 20-30 38-30s34 10 38 30a60 60 0 0 1-76 0z" fill="${fig}"/>` +
    `</svg>`
  );
}
