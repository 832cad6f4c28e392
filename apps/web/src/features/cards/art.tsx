/**
 * 二八杠's tiles, drawn in SVG (our own art): a 筒子 tile shows its face's circles, 白板 an empty frame. A tile is
 * 0–39, face = v % 10 (0 白板, 1–9 筒子).
 */
const DOTS: Record<number, [number, number][]> = {
  1: [[30, 42]],
  2: [
    [30, 22],
    [30, 62],
  ],
  3: [
    [16, 18],
    [30, 42],
    [44, 66],
  ],
  4: [
    [18, 24],
    [42, 24],
    [18, 60],
    [42, 60],
  ],
  5: [
    [18, 22],
    [42, 22],
    [30, 42],
    [18, 62],
    [42, 62],
  ],
  6: [
    [18, 18],
    [42, 18],
    [18, 42],
    [42, 42],
    [18, 66],
    [42, 66],
  ],
  7: [
    [16, 14],
    [30, 24],
    [44, 34],
    [18, 52],
    [42, 52],
    [18, 70],
    [42, 70],
  ],
  8: [
    [18, 14],
    [42, 14],
    [18, 32],
    [42, 32],
    [18, 52],
    [42, 52],
    [18, 70],
    [42, 70],
  ],
  9: [
    [14, 16],
    [30, 16],
    [46, 16],
    [14, 42],
    [30, 42],
    [46, 42],
    [14, 68],
    [30, 68],
    [46, 68],
  ],
};

export const tileLabel = (t: number): string => (t % 10 === 0 ? '白板' : `${t % 10}筒`);

export function TileFace({ tile }: { tile: number }) {
  const face = tile % 10;
  const r = face === 1 ? 14 : face >= 7 ? 6.5 : 8;
  return (
    <svg viewBox="0 0 60 84" className="tcard__svg" aria-label={tileLabel(tile)} role="img">
      <rect x="1" y="1" width="58" height="82" rx="7" fill="#f7f3e8" stroke="#8c7a55" strokeWidth="2" />
      {face === 0 ? (
        <rect x="10" y="12" width="40" height="60" rx="4" fill="none" stroke="#2f6db5" strokeWidth="3" />
      ) : (
        DOTS[face]!.map(([x, y], i) => (
          <g key={i}>
            <circle cx={x} cy={y} r={r} fill={face === 1 || (face === 5 && i === 2) ? '#c8102e' : '#1f5fa8'} />
            <circle cx={x} cy={y} r={r * 0.45} fill="#f7f3e8" />
          </g>
        ))
      )}
    </svg>
  );
}

export function TileBack() {
  return (
    <svg viewBox="0 0 60 84" className="tcard__svg" aria-hidden="true">
      <rect x="1" y="1" width="58" height="82" rx="7" fill="#1f6b4a" stroke="#e4c77a" strokeWidth="2" />
      <rect x="8" y="8" width="44" height="68" rx="5" fill="none" stroke="#e4c77a" />
    </svg>
  );
}
