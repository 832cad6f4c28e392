/**
 * The roads (路单) of a card table's shoe, drawn in SVG grids of six rows from @portal/games roads.ts: 珠盘路
 * (every coup), 大路 (ties as green strokes, pairs as dots), and the derived 大眼仔 / 小路 / 曱甴路; 问路 buttons
 * show what the next banker (dragon) or player (tiger) result would add, flashing those cells for a moment;
 * the shoe's counts. Dragon tiger reads the same roads with dragon as red and tiger as blue.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoupResultWire } from '@portal/contract';
import { ROAD_ROWS, colourColumns, roadGrid, roadsOf, type BigRoadEntry, type Cell, type Colour, type Side } from '@portal/games';

/** How long an asked road flashes. */
const ASK_MS = 3000;
const RED = '#d0312d';
const BLUE = '#2d63c8';
const GREEN = '#1f9d55';
const sideColour = (w: string) => (w === 'banker' ? RED : w === 'player' ? BLUE : GREEN);

/** A grid of six rows showing its last `cols` columns (the newest results stay in view). */
function Grid<T>(props: { id: string; cells: Cell<T>[]; cols: number; size: number; flash: number; draw: (v: T, s: number) => ReactNode }) {
  const { id, cells, cols, size, flash, draw } = props;
  const lastX = cells.reduce((m, c) => Math.max(m, c.x), -1);
  const from = Math.max(0, lastX + 1 - cols);
  const shown = cells.map((c, i) => ({ ...c, i })).filter((c) => c.x >= from);
  return (
    <svg
      className="troad__grid"
      data-testid={`road-${id}`}
      viewBox={`0 0 ${cols * size} ${ROAD_ROWS * size}`}
      width={cols * size}
      height={ROAD_ROWS * size}
    >
      <defs>
        <pattern id={`troad-${id}`} width={size} height={size} patternUnits="userSpaceOnUse">
          <path d={`M ${size} 0 L 0 0 0 ${size}`} fill="none" stroke="#d8d2c4" strokeWidth="0.6" />
        </pattern>
      </defs>
      <rect width={cols * size} height={ROAD_ROWS * size} fill={`url(#troad-${id})`} />
      {shown.map((c) => (
        <g
          key={c.i}
          className={`troad__cell${c.i >= flash ? ' troad__cell--ask' : ''}`}
          transform={`translate(${(c.x - from) * size} ${c.y * size})`}
        >
          {draw(c.value, size)}
        </g>
      ))}
    </svg>
  );
}

/** Ties before the shoe's first banker or player result are marked on the first entry, as the table draws them. */
function withLeadingTies(cells: Cell<BigRoadEntry>[], ties: number): Cell<BigRoadEntry>[] {
  if (!ties || cells.length === 0) return cells;
  const [first, ...rest] = cells;
  return [{ ...first!, value: { ...first!.value, ties: first!.value.ties + ties } }, ...rest];
}

function derivedDraw(style: 'ring' | 'dot' | 'slash') {
  return function Mark(colour: Colour, s: number) {
    const fill = colour === 'red' ? RED : BLUE;
    if (style === 'slash')
      return <line x1={s * 0.2} y1={s * 0.8} x2={s * 0.8} y2={s * 0.2} stroke={fill} strokeWidth={s * 0.16} strokeLinecap="round" />;
    if (style === 'dot') return <circle cx={s / 2} cy={s / 2} r={s * 0.36} fill={fill} />;
    return <circle cx={s / 2} cy={s / 2} r={s * 0.33} fill="none" stroke={fill} strokeWidth={s * 0.13} />;
  };
}

export function Roads({ results, dragonTiger = false }: { results: readonly CoupResultWire[]; dragonTiger?: boolean }) {
  const { t } = useTranslation('table');
  const [ask, setAsk] = useState<Side | null>(null);
  useEffect(() => {
    if (!ask) return;
    const id = setTimeout(() => setAsk(null), ASK_MS);
    return () => clearTimeout(id);
  }, [ask]);
  const base = useMemo(() => roadsOf(results), [results]);
  const shown = useMemo(() => (ask ? roadsOf([...results, { winner: ask }]) : base), [ask, results, base]);
  const label = (w: string) => t(`spot.${dragonTiger ? ({ banker: 'dragon', player: 'tiger', tie: 'tie' } as const)[w as Side] : w}`);
  const flashAll = (asked: number, before: number) => (ask ? before : asked + 1);
  const derived = (key: 'bigEye' | 'small' | 'cockroach', style: 'ring' | 'dot' | 'slash') => (
    <div className="troad">
      <h4>{t(`roads.${key}`)}</h4>
      <Grid
        id={key}
        cells={roadGrid(colourColumns(shown[key]))}
        cols={30}
        size={10}
        flash={flashAll(shown[key].length, base[key].length)}
        draw={derivedDraw(style)}
      />
    </div>
  );
  const s = base.stats;
  return (
    <section className="troads" data-testid="roads">
      <div className="troads__ask">
        {(['banker', 'player'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`troads__askbtn troads__askbtn--${side}${ask === side ? ' is-on' : ''}`}
            data-testid={`ask-${side}`}
            onClick={() => setAsk(side)}
          >
            {t(dragonTiger ? `roads.ask.${side}DT` : `roads.ask.${side}`)}
            <span className="troads__askmarks">
              {(['bigEye', 'small', 'cockroach'] as const).map((k) => {
                const c = base.ask[side][k];
                return (
                  <i
                    key={k}
                    className={`troads__mark troads__mark--${k}`}
                    style={{ color: c === 'red' ? RED : c === 'blue' ? BLUE : 'transparent' }}
                  />
                );
              })}
            </span>
          </button>
        ))}
      </div>
      <div className="troad">
        <h4>{t('roads.bead')}</h4>
        <Grid
          id="bead"
          cells={shown.bead}
          cols={14}
          size={22}
          flash={flashAll(shown.bead.length, base.bead.length)}
          draw={(v, sz) => (
            <>
              <circle cx={sz / 2} cy={sz / 2} r={sz * 0.42} fill={sideColour(v.winner)} />
              <text x={sz / 2} y={sz / 2 + 4} textAnchor="middle" fontSize={sz * 0.5} fill="#fff">
                {label(v.winner)}
              </text>
            </>
          )}
        />
      </div>
      <div className="troad">
        <h4>{t('roads.big')}</h4>
        <Grid
          id="big"
          cells={withLeadingTies(shown.bigGrid, shown.big.leadingTies)}
          cols={30}
          size={14}
          flash={flashAll(shown.bigGrid.length, base.bigGrid.length)}
          draw={(e, sz) => (
            <>
              <circle cx={sz / 2} cy={sz / 2} r={sz * 0.36} fill="none" stroke={sideColour(e.winner)} strokeWidth={sz * 0.14} />
              {e.ties > 0 && <line x1={sz * 0.2} y1={sz * 0.8} x2={sz * 0.8} y2={sz * 0.2} stroke={GREEN} strokeWidth={sz * 0.12} />}
              {e.ties > 1 && (
                <text x={sz / 2} y={sz / 2 + 3} textAnchor="middle" fontSize={sz * 0.5} fill={GREEN}>
                  {e.ties}
                </text>
              )}
              {e.bankerPair && <circle cx={sz * 0.2} cy={sz * 0.2} r={sz * 0.12} fill={RED} />}
              {e.playerPair && <circle cx={sz * 0.8} cy={sz * 0.8} r={sz * 0.12} fill={BLUE} />}
            </>
          )}
        />
      </div>
      <div className="troads__derived">
        {derived('bigEye', 'ring')}
        {derived('small', 'dot')}
        {derived('cockroach', 'slash')}
      </div>
      <dl className="troads__stats" data-testid="shoe-stats">
        <div>
          <dt>{t('roads.stats.hands')}</dt>
          <dd>{s.hands}</dd>
        </div>
        {(['banker', 'player', 'tie'] as const).map((k) => (
          <div key={k} className={`troads__stat--${k}`}>
            <dt>{label(k)}</dt>
            <dd data-testid={`stat-${k}`}>{s[k]}</dd>
          </div>
        ))}
        {!dragonTiger &&
          (['bankerPair', 'playerPair'] as const).map((k) => (
            <div key={k}>
              <dt>{t(`spot.${k}`)}</dt>
              <dd data-testid={`stat-${k}`}>{s[k]}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** The big road alone, small (the lobby's cards). */
export function MiniBigRoad({ results, cols = 20 }: { results: readonly CoupResultWire[]; cols?: number }) {
  const cells = useMemo(() => roadsOf(results).bigGrid, [results]);
  return (
    <Grid
      id="mini-big"
      cells={cells}
      cols={cols}
      size={10}
      flash={cells.length}
      draw={(e, sz) => (
        <>
          <circle cx={sz / 2} cy={sz / 2} r={sz * 0.34} fill="none" stroke={sideColour(e.winner)} strokeWidth={sz * 0.16} />
          {e.ties > 0 && <line x1={sz * 0.2} y1={sz * 0.8} x2={sz * 0.8} y2={sz * 0.2} stroke={GREEN} strokeWidth={sz * 0.12} />}
        </>
      )}
    />
  );
}
