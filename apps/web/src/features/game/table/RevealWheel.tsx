/**
 * The roulette wheel (SVG, the pockets in WHEEL_ORDER): when the pocket is revealed the wheel spins several turns
 * and comes to rest with that pocket under the marker; the number is shown in its colour.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { WHEEL_ORDER } from '@portal/games';
import { pocketColour } from './BetLayoutRoulette.tsx';
import { pocketOf } from './outcome.ts';

const STEP = 360 / WHEEL_ORDER.length;
const R = 100;
const FILL = { green: '#1f8a4c', red: '#c8102e', black: '#1c1c1c' } as const;

function sector(i: number): string {
  const a0 = ((i - 0.5) * STEP - 90) * (Math.PI / 180);
  const a1 = ((i + 0.5) * STEP - 90) * (Math.PI / 180);
  const p = (a: number, r: number) => `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
  return `M ${p(a0, 60)} L ${p(a0, R)} A ${R} ${R} 0 0 1 ${p(a1, R)} L ${p(a1, 60)} A 60 60 0 0 0 ${p(a0, 60)} Z`;
}

/** The wheel's turn (degrees) bringing pocket `n` to the top after at least `turns` whole turns past `from`. */
export function restingTurn(from: number, n: number, turns = 4): number {
  const idx = WHEEL_ORDER.indexOf(n as (typeof WHEEL_ORDER)[number]);
  const target = (360 - idx * STEP) % 360;
  const base = Math.ceil(from / 360) * 360 + turns * 360;
  return base + target;
}

export function RevealWheel({ state }: { state: TableStateWire }) {
  const { t } = useTranslation('table');
  const pocket = pocketOf(state.steps);
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (pocket !== null) setTurn((from) => restingTurn(from, pocket));
  }, [pocket, state.seq]);
  return (
    <div className="treveal treveal--wheel" data-testid="reveal-wheel">
      <svg viewBox="-110 -118 220 228" className="twheel" role="img" aria-label={t('kind.roulette')}>
        <circle r="108" fill="#6b4321" />
        <g className="twheel__rotor" style={{ transform: `rotate(${turn}deg)` }}>
          {WHEEL_ORDER.map((n, i) => (
            <g key={n}>
              <path d={sector(i)} fill={FILL[pocketColour(n)]} stroke="#d9b45a" strokeWidth="0.6" />
              <text x="0" y={-84} transform={`rotate(${i * STEP})`} textAnchor="middle" fontSize="9" fill="#fff" dominantBaseline="middle">
                {n}
              </text>
            </g>
          ))}
          <circle r="58" fill="#8a5a2b" stroke="#d9b45a" />
          <circle r="16" fill="#d9b45a" />
        </g>
        <path d="M -7 -116 L 7 -116 L 0 -101 Z" fill="#f5f0e0" />
        {pocket !== null && (
          <text y="6" textAnchor="middle" fontSize="22" fontWeight="700" fill="#fff" className="twheel__pocket">
            {pocket}
          </text>
        )}
      </svg>
      {pocket !== null && state.steps.length > 0 && (
        <p className={`treveal__sum tpocket tpocket--${pocketColour(pocket)}`} data-testid="pocket">
          {t('result.pocket', { n: pocket, colour: t(`result.${pocketColour(pocket)}`) })}
        </p>
      )}
    </div>
  );
}
