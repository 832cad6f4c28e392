/** The paytable drawer: every symbol drawn as on the reels, its pays per count at the current bet, the lines or ways, the free-spin rules, the declared RTP and volatility. */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { bpText, MAX_COUNT, slotGameFigures, type SlotDef } from '@portal/games';
import { FiguresTable } from '../LongRunFigures.tsx';
import { money } from '../../../ui/money/index.ts';
import { symbolUri } from './symbols/index.ts';

/** A symbol's illustration (the reels' own art), named for screen readers. */
export function SymbolIcon({ def, id, name, size = 56 }: { def: SlotDef; id: string; name: string; size?: number }) {
  const uri = symbolUri(def, id);
  return (
    <img
      src={uri ?? undefined}
      width={Math.round((size * 112) / 100)}
      height={size}
      className="slot-symbol-icon"
      alt={name}
      data-symbol={id}
      data-art={uri ? 'drawn' : 'none'}
    />
  );
}

function LineDiagram({ rows }: { rows: readonly number[] }) {
  return (
    <svg viewBox="0 0 50 30" className="slot-line" aria-hidden>
      {rows.map((row, reel) =>
        [0, 1, 2].map((r) => (
          <rect key={`${reel}${r}`} x={reel * 10 + 1} y={r * 10 + 1} width={8} height={8} className={r === row ? 'on' : ''} />
        )),
      )}
    </svg>
  );
}

export function Paytable({
  def,
  bet,
  lang,
  open,
  onClose,
}: {
  def: SlotDef;
  bet: number;
  lang: 'zh-CN' | 'zh-TW';
  open: boolean;
  onClose: () => void;
}) {
  const { t: tg } = useTranslation('game');
  // The exact RTP rounded down (never the declared round figure), hit rate, volatility, largest win.
  const figures = slotGameFigures(def);
  const { t } = useTranslation('slot');
  /** A pay in coins at this bet, in fen (exact at the title's bet levels, which are multiples of coinsPerBet). */
  const payFen = (coins: number) => Math.floor((coins * bet) / def.coinsPerBet);
  const scatter = def.symbols.find((s) => s.kind === 'scatter');
  const wild = def.symbols.find((s) => s.kind === 'wild');
  const counts = [3, 4, 5].filter((n) => n <= MAX_COUNT);
  const fs = def.freeSpins;
  const retrigger = fs.retriggerAwards.some((n) => n > 0);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('paytable.title', { name: def.names[lang] })}
      size={520}
      className="slot-drawer"
      destroyOnHidden
    >
      <p className="muted">{t('paytable.note', { bet: money(bet) })}</p>
      <table className="slot-paytable" data-testid="slot-paytable">
        <thead>
          <tr>
            <th>{t('paytable.symbol')}</th>
            {counts.map((n) => (
              <th key={n}>{t('paytable.pays', { n })}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {def.symbols.map((s) => (
            <tr key={s.id} data-symbol={s.id}>
              <td className="slot-paytable__symbol">
                <SymbolIcon def={def} id={s.id} name={s.names[lang]} />
                <span>{s.names[lang]}</span>
              </td>
              {counts.map((n) => (
                <td key={n}>{s.pays[n] ? money(payFen(s.pays[n]!)) : '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('paytable.linesTitle')}</h4>
      <p>{def.mode.kind === 'lines' ? t('paytable.lines', { n: def.mode.lines.length }) : t('paytable.ways')}</p>
      {wild && <p>{t('paytable.wild', { name: wild.names[lang], scatter: scatter?.names[lang] ?? '' })}</p>}
      {scatter && <p>{t('paytable.scatter', { name: scatter.names[lang] })}</p>}
      {def.mode.kind === 'lines' && (
        <div className="slot-lines">
          {def.mode.lines.map((rows, i) => (
            <figure key={i}>
              <LineDiagram rows={rows} />
              <figcaption>{i + 1}</figcaption>
            </figure>
          ))}
        </div>
      )}
      <h4>{t('paytable.freeTitle')}</h4>
      <ul>
        {fs.awards.map((spins, n) =>
          spins > 0 ? <li key={n}>{t('paytable.freeAwards', { n, scatter: scatter?.names[lang] ?? '', spins })}</li> : null,
        )}
      </ul>
      <p>{t('paytable.freeMultiplier', { m: fs.multiplier })}</p>
      <p>{retrigger ? t('paytable.retrigger', { max: fs.maxSpins }) : t('paytable.noRetrigger', { max: fs.maxSpins })}</p>
      {def.jackpot && <p>{t('paytable.jackpot', { pct: def.jackpot.feedBasisPoints / 100 })}</p>}
      <dl className="slot-facts">
        <div>
          <dt>{t('paytable.rtp')}</dt>
          <dd data-testid="slot-rtp">{bpText(figures.main.rtpBp)}%</dd>
        </div>
        <div>
          <dt>{t('paytable.volatility')}</dt>
          <dd>{t(`volatility.${def.volatility}`)}</dd>
        </div>
      </dl>
      <h4>{tg('figures.title')}</h4>
      <FiguresTable figures={figures} slot />
    </Drawer>
  );
}
