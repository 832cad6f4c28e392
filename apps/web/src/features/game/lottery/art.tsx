/**
 * The lottery's own drawings (SVG, no outside art): a die with its pips, a numbered ball, a numbered race car.
 * Used big by the draw's animation and small by the history, the trend chart and the category cards.
 */
import type { CSSProperties } from 'react';
import './art.css';

/** Pip centres of each face on a 0–100 square. */
const PIPS: Record<number, [number, number][]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [27, 27],
    [73, 27],
    [50, 50],
    [27, 73],
    [73, 73],
  ],
  6: [
    [30, 24],
    [70, 24],
    [30, 50],
    [70, 50],
    [30, 76],
    [70, 76],
  ],
};

export function Die({ value, size = 48, className = '', label }: { value: number; size?: number; className?: string; label?: string }) {
  const red = value === 1 || value === 4;
  return (
    <svg
      className={`lottery-die ${className}`}
      width={size}
      height={size}
      viewBox="0 0 100 100"
      role="img"
      aria-label={label ?? String(value)}
      data-value={value}
    >
      <rect x="4" y="4" width="92" height="92" rx="20" fill="#fdfbf6" stroke="#c9c2b1" strokeWidth="3" />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x} cy={y} r={value === 1 ? 13 : 9} fill={red ? '#d4213d' : '#1f2430'} />
      ))}
    </svg>
  );
}

/** Ball colours by position (五星彩) or number. */
const BALL = ['#e0453a', '#f29d1a', '#2f9e5a', '#2f74d0', '#8a4fd0', '#d0457f', '#17a2b8', '#6b8e23', '#c0632f', '#5560c8'];
export const ballColour = (i: number) => BALL[((i % BALL.length) + BALL.length) % BALL.length]!;

export function Ball({
  value,
  colour,
  size = 44,
  className = '',
  style,
}: {
  value: number | string;
  colour: string;
  size?: number;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={`lottery-ball ${className}`}
      style={{ width: size, height: size, fontSize: size * 0.48, ['--ball' as string]: colour, ...style }}
      data-value={value}
    >
      {value}
    </span>
  );
}

/** Car colours by number 1–10. */
const CAR = ['#f5c518', '#2a7de1', '#4a4f5a', '#f27b20', '#20b8c8', '#7a4bd1', '#a9adb5', '#e0303c', '#8b2b2b', '#2fa84f'];
export const carColour = (n: number) => CAR[(n - 1 + CAR.length) % CAR.length]!;

export function Car({ n, width = 64 }: { n: number; width?: number }) {
  const c = carColour(n);
  return (
    <svg className="lottery-car" width={width} height={width * 0.42} viewBox="0 0 100 42" role="img" aria-label={String(n)} data-car={n}>
      <path
        d="M6 28 L14 16 Q18 10 28 10 L58 10 Q66 10 72 16 L84 22 Q96 24 96 32 L96 34 L6 34 Z"
        fill={c}
        stroke="#1b1b1b"
        strokeWidth="2"
      />
      <path d="M30 14 L54 14 Q60 14 64 20 L30 20 Z" fill="#cfe9ff" opacity="0.85" />
      <circle cx="24" cy="34" r="7" fill="#1b1b1b" />
      <circle cx="76" cy="34" r="7" fill="#1b1b1b" />
      <circle cx="24" cy="34" r="3" fill="#ddd" />
      <circle cx="76" cy="34" r="3" fill="#ddd" />
      <text x="44" y="31" textAnchor="middle" fontSize="13" fontWeight="700" fill={n === 1 || n === 7 ? '#1b1b1b' : '#fff'}>
        {n}
      </text>
    </svg>
  );
}

/** A small square with a car's number in its colour (history, cards). */
export function CarChip({ n, size = 22 }: { n: number; size?: number }) {
  return (
    <span
      className="lottery-carchip"
      style={{ background: carColour(n), width: size, height: size, fontSize: size * 0.58, color: n === 1 || n === 7 ? '#1b1b1b' : '#fff' }}
      data-car={n}
    >
      {n}
    </span>
  );
}

/** A draw's numbers drawn small: dice, balls or car chips. */
export function DrawNumbers({ kind, numbers, size = 22 }: { kind: 'k3' | 'digit5' | 'race10'; numbers: readonly number[]; size?: number }) {
  return (
    <span className="lottery-numbers" data-numbers={numbers.join(',')}>
      {numbers.map((n, i) =>
        kind === 'k3' ? (
          <Die key={i} value={n} size={size} />
        ) : kind === 'digit5' ? (
          <Ball key={i} value={n} colour={ballColour(i)} size={size} />
        ) : (
          <CarChip key={i} n={n} size={size} />
        ),
      )}
    </span>
  );
}
