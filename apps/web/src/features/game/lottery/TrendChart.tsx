/**
 * 走势图: a chart to look at. One row per draw (oldest at the top), one column per number — 快三 the sums 3–18,
 * 五星彩 a position's digits 0–9, 极速赛车 a place's cars 1–10 (position chosen above) — the hit cell a coloured disc
 * joined to the next draw's by a line, the other cells their running omission in grey; 快三 adds 大 小 单 双 and
 * triple columns. Under it: appearances, current omission (遗漏) and longest omission; above it the 大/小 and
 * 单/双 split as bars. SVG scaled to the width. Built from tableHistory (the newest 50) and refreshed by each draw.
 */
import { useState } from 'react';
import { Segmented, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableHistoryEntryWire } from '@portal/contract';
import { lotteryCall, type LotteryKind } from './api.ts';
import { ballColour, carColour } from './art.tsx';
import {
  POSITIONS,
  appearances,
  distribution,
  hitColumns,
  maxOmissions,
  numbersOf,
  omissions,
  runningOmissions,
  summarize,
  trendValues,
} from './trend.ts';
import { historyKey } from './useDraw.ts';

export const TREND_FETCH = 50;
const ROW = 22;
const COL = 28;
const ISSUE_W = 64;
const HEAD = 26;
const K3_EXTRA = ['big', 'small', 'odd', 'even', 'triple'] as const;

function Bar({ a, b, labelA, labelB, testId }: { a: number; b: number; labelA: string; labelB: string; testId: string }) {
  const total = a + b || 1;
  const pa = Math.round((a * 100) / total);
  return (
    <div className="lottery-dist" data-testid={testId}>
      <span>
        {labelA} {a}
      </span>
      <div className="lottery-dist__bar" role="img" aria-label={`${labelA} ${a} · ${labelB} ${b}`}>
        <i className="lottery-dist__a" style={{ width: `${pa}%` }} />
        <i className="lottery-dist__b" style={{ width: `${100 - pa}%` }} />
      </div>
      <span>
        {b} {labelB}
      </span>
    </div>
  );
}

function hitColour(kind: LotteryKind, position: number, value: number): string {
  if (kind === 'race10') return carColour(value);
  if (kind === 'digit5') return ballColour(position);
  return value >= 11 ? '#d4213d' : '#2f74d0';
}

export function TrendGrid({ kind, draws, position }: { kind: LotteryKind; draws: readonly TableHistoryEntryWire[]; position: number }) {
  const { t } = useTranslation('lottery');
  const values = trendValues(kind);
  const numbers = draws.map((d) => numbersOf(kind, d.outcome));
  const hits = hitColumns(kind, numbers, position);
  const gaps = runningOmissions(hits, values.length);
  const extras = kind === 'k3' ? K3_EXTRA : [];
  const summaries = numbers.map((n) => (n ? summarize(kind, n) : null));
  const x0 = ISSUE_W;
  const xExtra = x0 + values.length * COL;
  const width = xExtra + extras.length * COL;
  const footer = [
    ['trend.appear', appearances(hits, values.length)],
    ['trend.omit', omissions(hits, values.length)],
    ['trend.maxOmit', maxOmissions(hits, values.length)],
  ] as const;
  const height = HEAD + (draws.length + footer.length) * ROW;
  const cx = (c: number) => x0 + c * COL + COL / 2;
  const cy = (r: number) => HEAD + r * ROW + ROW / 2;
  const points = hits.map((h, r) => (h >= 0 ? `${cx(h)},${cy(r)}` : null)).filter((p): p is string => p !== null);
  const dist = distribution(summaries.filter((s) => s !== null));
  const extraCount: Record<(typeof K3_EXTRA)[number], number> = dist;
  return (
    <div className="lottery-trend__scroll">
      <svg
        className="lottery-trend__svg"
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        // Readable on a phone (scrolls sideways below 3/4 of its size), never blown up past 1.3× on a wide screen.
        style={{ minWidth: width * 0.75, maxWidth: width * 1.3 }}
        role="img"
        aria-label={t('trend.title')}
        data-testid="lottery-trend-grid"
      >
        <rect x="0" y="0" width={width} height={HEAD} className="lottery-trend__head" />
        <text x={ISSUE_W / 2} y={HEAD / 2 + 4} textAnchor="middle" className="lottery-trend__label">
          {t('trend.issue')}
        </text>
        {values.map((v, c) => (
          <text key={v} x={cx(c)} y={HEAD / 2 + 4} textAnchor="middle" className="lottery-trend__label">
            {v}
          </text>
        ))}
        {extras.map((e, i) => (
          <text key={e} x={xExtra + i * COL + COL / 2} y={HEAD / 2 + 4} textAnchor="middle" className="lottery-trend__label">
            {t(`trend.short.${e}`)}
          </text>
        ))}
        {draws.map((d, r) => (
          <g key={d.seq} data-row={d.issue} data-hit={hits[r] !== undefined && hits[r] >= 0 ? values[hits[r]] : ''}>
            <rect x="0" y={HEAD + r * ROW} width={width} height={ROW} className={r % 2 ? 'lottery-trend__odd' : 'lottery-trend__even'} />
            <text x={ISSUE_W / 2} y={cy(r) + 4} textAnchor="middle" className="lottery-trend__issue">
              {d.issue.slice(-4)}
            </text>
            {values.map((_, c) =>
              c === hits[r] ? null : (
                <text key={c} x={cx(c)} y={cy(r) + 4} textAnchor="middle" className="lottery-trend__gap">
                  {gaps[r]![c]}
                </text>
              ),
            )}
            {extras.map((e, i) => {
              const s = summaries[r];
              const on = s !== null && s !== undefined && (s.size === e || s.parity === e);
              return on ? (
                <g key={e}>
                  <rect
                    x={xExtra + i * COL + 3}
                    y={HEAD + r * ROW + 3}
                    width={COL - 6}
                    height={ROW - 6}
                    rx="4"
                    className={`lottery-trend__extra lottery-trend__extra--${e}`}
                  />
                  <text x={xExtra + i * COL + COL / 2} y={cy(r) + 4} textAnchor="middle" className="lottery-trend__extraText">
                    {t(`trend.short.${e}`)}
                  </text>
                </g>
              ) : null;
            })}
          </g>
        ))}
        <polyline points={points.join(' ')} className="lottery-trend__line" />
        {hits.map((h, r) =>
          h >= 0 ? (
            <g key={r} className="lottery-trend__hit">
              <circle cx={cx(h)} cy={cy(r)} r={ROW / 2 - 1.5} fill={hitColour(kind, position, values[h]!)} />
              <text x={cx(h)} y={cy(r) + 4} textAnchor="middle">
                {values[h]}
              </text>
            </g>
          ) : null,
        )}
        {footer.map(([label, counts], i) => {
          const y = HEAD + (draws.length + i) * ROW;
          return (
            <g key={label} data-footer={label}>
              <rect x="0" y={y} width={width} height={ROW} className="lottery-trend__foot" />
              <text x={ISSUE_W / 2} y={y + ROW / 2 + 4} textAnchor="middle" className="lottery-trend__label">
                {t(label)}
              </text>
              {counts.map((n, c) => (
                <text key={c} x={cx(c)} y={y + ROW / 2 + 4} textAnchor="middle" className="lottery-trend__footNum">
                  {n}
                </text>
              ))}
              {i === 0 &&
                extras.map((e, k) => (
                  <text key={e} x={xExtra + k * COL + COL / 2} y={y + ROW / 2 + 4} textAnchor="middle" className="lottery-trend__footNum">
                    {extraCount[e]}
                  </text>
                ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export function TrendChart({ enName, gameCode, kind }: { enName: string; gameCode: string; kind: LotteryKind }) {
  const { t } = useTranslation('lottery');
  const [position, setPosition] = useState(0);
  const [rows, setRows] = useState<30 | 50>(30);
  const q = useQuery({
    queryKey: [...historyKey(gameCode), 'trend'],
    queryFn: () => lotteryCall(enName, gameCode, 'tableHistory', { gameCode, pageNum: 1, pageSize: TREND_FETCH }),
    refetchOnWindowFocus: false,
  });
  const draws = (q.data?.list ?? [])
    .filter((d) => d.status === 'settled')
    .slice(0, rows)
    .reverse();
  const summaries = draws.map((d) => numbersOf(kind, d.outcome)).flatMap((n) => (n ? [summarize(kind, n)] : []));
  const dist = distribution(summaries);
  const posName = (k: number) => t(kind === 'race10' ? 'pos.race10' : 'pos.digit5', { context: String(k) });
  return (
    <section className="lottery-trend" data-testid="lottery-trend">
      <div className="lottery-trend__bar">
        {POSITIONS[kind] > 1 && (
          <Select
            size="small"
            value={position}
            onChange={setPosition}
            aria-label={t('trend.position')}
            options={Array.from({ length: POSITIONS[kind] }, (_, k) => ({ value: k, label: posName(k) }))}
            style={{ width: 110 }}
            data-testid="lottery-trend-position"
          />
        )}
        <Segmented
          size="small"
          value={rows}
          onChange={(v) => setRows(v as 30 | 50)}
          options={[
            { value: 30, label: t('trend.rows', { n: 30 }) },
            { value: 50, label: t('trend.rows', { n: 50 }) },
          ]}
        />
        <span className="muted">{t(`trend.of.${kind}`)}</span>
      </div>
      <div className="lottery-trend__dists">
        <Bar a={dist.big} b={dist.small} labelA={t('side.big')} labelB={t('side.small')} testId="lottery-dist-size" />
        <Bar a={dist.odd} b={dist.even} labelA={t('side.odd')} labelB={t('side.even')} testId="lottery-dist-parity" />
      </div>
      {draws.length === 0 ? <p className="muted">{t('history.empty')}</p> : <TrendGrid kind={kind} draws={draws} position={position} />}
    </section>
  );
}
