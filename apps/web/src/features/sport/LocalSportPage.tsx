/**
 * /game/sport/{enName} (route localSport, login-required, full width): the house sportsbook at
 * desktop width — left rail of sports and leagues, the odds table (or champion markets) in the
 * centre with show-type tabs and the odds-format switch, the bet slip on the right. Entering starts
 * the venue (launch) when it has no data; a 6302 answer shows the non-closable
 * '数据异常，请重新进入游戏' dialog and re-enters.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Modal, Segmented, Select, Spin, Tag } from 'antd';
import { SwapOutlined, ThunderboltOutlined, TrophyOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ODDS_FORMATS, parseWireAmount, slipKey, type GameType, type ShowType } from '@portal/rules';
import { bus } from '../../app/events.ts';
import { errorMessage } from '../../api/errors.ts';
import { goBack } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { ChampionList } from './ChampionList.tsx';
import { useGames, useLeagues, useOutrights, useRealtimeConnected, useSportBalance } from './hooks.ts';
import { OddsTable } from './OddsTable.tsx';
import { SlipPanel } from './SlipPanel.tsx';
import { SportRail } from './SportRail.tsx';
import { useSlip } from './store.ts';
import type { SportGameWire as SportGame } from '@portal/contract';
import { SPORT_KEY, ensureVenue, reenterVenue, useVenue } from './venue.ts';
import { SportRooms } from '../live/SportRooms.tsx';
import './sport.css';
import './sport.phone.css';

const SHOW_TABS: ShowType[] = ['RB', 'FT', 'FU', 'FSFT', 'FSFU'];

/** Keeps the slip's prices on the table's current ones (the slip flashes them too). */
export function useSlipPrices(games: SportGame[]) {
  const items = useSlip((s) => s.slip.items);
  const dispatch = useSlip((s) => s.dispatch);
  useEffect(() => {
    const byId = new Map(games.map((g) => [g.gameId, g]));
    for (const i of items) {
      const sel = byId
        .get(i.oddInfo.gameId)
        ?.markets.flatMap((m) => m.selections)
        .find((s) => s.w === i.playInfo.w);
      if (sel && sel.r !== i.oddInfo.r) dispatch({ type: 'setPrice', key: slipKey(i), r: sel.r });
    }
  }, [games, items, dispatch]);
}

function VenueBroken() {
  const { t } = useTranslation('sport');
  const qc = useQueryClient();
  const broken = useVenue((s) => s.broken);
  const [busy, setBusy] = useState(false);
  const reenter = async () => {
    setBusy(true);
    try {
      await reenterVenue();
      await qc.invalidateQueries({ queryKey: [SPORT_KEY] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={broken}
      closable={false}
      maskClosable={false}
      keyboard={false}
      centered
      title={t('uid.title')}
      footer={
        <Button type="primary" loading={busy} onClick={() => void reenter()}>
          {t('uid.reenter')}
        </Button>
      }
    >
      <p>{t('uid.text')}</p>
    </Modal>
  );
}

export function LocalSportPage() {
  const { t } = useTranslation('sport');
  const { enName = 'crty' } = useParams();
  const token = useVenue((s) => s.token);
  const launchError = useVenue((s) => s.launchError);
  const slip = useSlip((s) => s.slip);
  const dispatch = useSlip((s) => s.dispatch);
  const [leagueId, setLeagueId] = useState<string | undefined>(undefined);
  const connected = useRealtimeConnected();

  useEffect(() => {
    void ensureVenue(enName.toUpperCase()).catch(() => undefined);
  }, [enName]);

  const champion = slip.showType === 'FSFT' || slip.showType === 'FSFU' || slip.gameType === 'FS';
  const leagues = useLeagues(slip.gameType);
  const allLeagues = useLeagues('ALL');
  const sports = useMemo(() => {
    if (champion) return [];
    if (slip.gameType !== 'ALL') return [slip.gameType];
    return [...new Set((allLeagues.data ?? []).map((l) => l.gameType))];
  }, [champion, slip.gameType, allLeagues.data]);
  const { games, loading, error } = useGames(sports, slip.showType, leagueId);
  const outrights = useOutrights(slip.showType === 'FSFU' ? 'FSFU' : 'FSFT', champion);
  const balance = useSportBalance();
  useSlipPrices(games);

  const setGameType = (g: GameType) => {
    setLeagueId(undefined);
    if (g === 'FS') dispatch({ type: 'setShowType', showType: 'FSFT' });
    else if (champion) dispatch({ type: 'setShowType', showType: 'FT' });
    dispatch({ type: 'setGameType', gameType: g });
  };
  const setShowType = (s: ShowType) => {
    setLeagueId(undefined);
    dispatch({ type: 'setShowType', showType: s });
  };

  if (!token && launchError) {
    return (
      <div className="sport-page sport-page--error">
        <EmptyState
          icon={<TrophyOutlined />}
          title={t('launch.failed')}
          description={launchError}
          action={
            <>
              <Button type="primary" onClick={() => void ensureVenue(enName.toUpperCase()).catch(() => undefined)}>
                {t('launch.retry')}
              </Button>{' '}
              <Button onClick={goBack}>{t('launch.back')}</Button>
            </>
          }
        />
      </div>
    );
  }

  const balanceFen = parseWireAmount(balance.data?.balance);
  const listed = champion ? (outrights.data ?? []).filter((o) => !leagueId || o.leagueId === leagueId) : games;
  return (
    <div className="sport-page" data-testid="sport-page">
      <SportRail
        gameType={champion ? 'FS' : slip.gameType}
        onGameType={setGameType}
        leagues={champion ? [] : (leagues.data ?? [])}
        leagueId={leagueId}
        onLeague={setLeagueId}
      />
      <main className="sport-main">
        <div className="sport-toolbar">
          <Segmented
            value={slip.showType}
            onChange={setShowType}
            options={SHOW_TABS.map((s) => ({ value: s, label: t(`showType.${s}`) }))}
          />
          <div className="sport-toolbar__right">
            <Tag color={connected ? 'green' : 'default'} icon={<ThunderboltOutlined />} data-testid="live-status">
              {connected ? t('feed.live') : t('feed.polling')}
            </Tag>
            <span className="sport-balance">
              {t('balance')} <b data-testid="sport-balance">¥ {balance.data?.balance ?? '—'}</b>
            </span>
            <Button
              size="small"
              icon={<SwapOutlined />}
              onClick={() => bus.emit('show_venue_entry', { message: t('stake.transferHint'), channelCode: 'CRTY' })}
            >
              {t('transfer')}
            </Button>
            <Select
              size="small"
              aria-label={t('oddsType')}
              value={slip.oddsType}
              popupMatchSelectWidth={false}
              data-testid="odds-format"
              onChange={(v) => dispatch({ type: 'setOddsType', oddsType: v })}
              options={ODDS_FORMATS.map((f) => ({ value: f, label: t(`format.${f}`) }))}
            />
          </div>
        </div>
        {slip.mode === 'series' && <p className="sport-hint">{t('seriesHint')}</p>}
        {slip.showType === 'RB' && <SportRooms gameIds={games.map((g) => g.gameId)} />}
        {!token || (loading && listed.length === 0) || (champion && outrights.isPending) ? (
          <div className="sport-loading">
            <Spin />
          </div>
        ) : error && listed.length === 0 ? (
          <EmptyState icon={<TrophyOutlined />} title={t('loadFailed')} description={errorMessage(error)} />
        ) : listed.length === 0 ? (
          <EmptyState
            icon={<TrophyOutlined />}
            title={t('empty')}
            description={champion && slip.showType !== 'FSFU' ? t('championEmptyToday') : t('emptyText')}
          />
        ) : champion ? (
          <ChampionList outrights={outrights.data!.filter((o) => !leagueId || o.leagueId === leagueId)} />
        ) : (
          <OddsTable games={games} />
        )}
      </main>
      <SlipPanel balanceFen={balanceFen} />
      <VenueBroken />
    </div>
  );
}
