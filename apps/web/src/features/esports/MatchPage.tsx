/**
 * /game/gaming/{gameId} (route esportsMatch, login-required, full width): one e-sports series of the house
 * book — the scoreboard (maps won, the live map's kills or rounds, objectives or economy, the gold graph), tabs
 * of the series and of each map with that tab's markets, and the sport bet slip. Pushes keep it live; the
 * odds buttons and the slip are the sportsbook's own.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Segmented, Spin } from 'antd';
import { ArrowLeftOutlined, TrophyOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseWireAmount, slipKey } from '@portal/rules';
import type { SportGameWire as SportGame, SportMarketWire as Market } from '@portal/contract';
import { errorMessage } from '../../api/errors.ts';
import { openPath } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useSportBalance } from '../sport/hooks.ts';
import { useSlipPrices } from '../sport/LocalSportPage.tsx';
import { OddButton, itemOf, labelOf } from '../sport/OddsTable.tsx';
import { SlipPanel } from '../sport/SlipPanel.tsx';
import { useSlip } from '../sport/store.ts';
import { CRTY, ensureVenue } from '../sport/venue.ts';
import { useMatch } from './hooks.ts';
import { firstTab, marketsOfTab, tabsOf } from './match.ts';
import { Scoreboard } from './Scoreboard.tsx';
import { TitleIcon } from './titles.tsx';
import '../sport/sport.css';
import '../sport/sport.phone.css';
import './esports.css';

function MarketBlock({ g, m }: { g: SportGame; m: Market }) {
  const format = useSlip((s) => s.slip.oddsType);
  const items = useSlip((s) => s.slip.items);
  const pick = useSlip((s) => s.pick);
  const picked = new Set(items.map(slipKey));
  return (
    <section className="esports-market" aria-label={m.name} data-testid={`market-${m.selections[0]?.w ?? m.type}`}>
      <h4>{m.name}</h4>
      <div className="esports-market__odds">
        {m.selections.map((sel) => {
          const item = itemOf(g, sel);
          return (
            <OddButton
              key={sel.w}
              sel={sel}
              label={sel.name}
              format={format}
              locked={g.suspended}
              selected={picked.has(slipKey(item))}
              testId={`odd-${g.gameId}-${sel.w}`}
              onPick={() => pick(item, labelOf(g, m, sel))}
            />
          );
        })}
      </div>
    </section>
  );
}

function MatchBody({ g }: { g: SportGame }) {
  const { t } = useTranslation('esports');
  const tabs = tabsOf(g);
  const [tab, setTab] = useState<number | null>(null);
  const shown = tab !== null && tabs.includes(tab) ? tab : firstTab(g);
  const markets = marketsOfTab(g, shown);
  const played = g.esports?.maps ?? [];
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the tabs scroll sideways: keep the shown one (the live map, at first) in sight.
    strip.current?.querySelector('.ant-segmented-item-selected')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [shown]);
  return (
    <>
      <Scoreboard g={g} />
      <div ref={strip} className="esports-tabs__strip">
        <Segmented
          className="esports-tabs"
          data-testid="map-tabs"
          value={shown}
          onChange={(v) => setTab(Number(v))}
          options={tabs.map((k) => ({
            value: k,
            label:
              k === 0
                ? t('series')
                : played[k - 1]
                  ? t('mapDone', { n: k, h: played[k - 1]!.h, c: played[k - 1]!.c })
                  : t('mapN', { n: k }),
          }))}
        />
      </div>
      {g.suspended && <p className="sport-hint">{t('suspended')}</p>}
      {markets.length === 0 ? (
        <EmptyState icon={<TrophyOutlined />} title={t(shown > 0 && played[shown - 1] ? 'mapEnded' : 'noMarkets')} />
      ) : (
        <div className="esports-markets">
          {markets.map((m) => (
            <MarketBlock key={`${m.type}-${m.selections[0]?.w}`} g={g} m={m} />
          ))}
        </div>
      )}
    </>
  );
}

export function MatchPage() {
  const { t } = useTranslation('esports');
  const { gameId = '' } = useParams();
  const { game, loading, error } = useMatch(gameId);
  const balance = useSportBalance();
  const listed = useMemo(() => (game ? [game] : []), [game]);
  useSlipPrices(listed);
  useEffect(() => {
    void ensureVenue(CRTY).catch(() => undefined);
  }, []);
  return (
    <div className="sport-page esports-match" data-testid="esports-match">
      <main className="sport-main">
        <div className="sport-toolbar">
          <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => openPath('/game/gaming')}>
            {t('back')}
          </Button>
          {game && (
            <span className="esports-match__title">
              <TitleIcon title={game.gameType} size={22} />
              {t(`title.${game.gameType}`, { defaultValue: game.gameType })} · {game.league}
            </span>
          )}
          <span className="sport-balance">
            {t('balance')} <b data-testid="sport-balance">¥ {balance.data?.balance ?? '—'}</b>
          </span>
        </div>
        {game ? (
          <MatchBody g={game} />
        ) : loading || !error ? (
          <div className="sport-loading">
            <Spin />
          </div>
        ) : (
          <EmptyState icon={<TrophyOutlined />} title={t('notFound')} description={errorMessage(error)} />
        )}
      </main>
      <SlipPanel balanceFen={parseWireAmount(balance.data?.balance)} />
    </div>
  );
}
