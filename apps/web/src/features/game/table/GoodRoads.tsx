/**
 * 好路 alerts of a lobby card: the shoe's good roads (@portal/games goodRoads: 长庄 / 长闲 — 长龙 / 长虎 at dragon
 * tiger —, 单跳, 双跳) computed from the card's real results, as badges. None: nothing is shown.
 */
import { useTranslation } from 'react-i18next';
import type { TableLobbyEntryWire } from '@portal/contract';
import type { GoodRoad } from '@portal/games';
import { launchGame } from '../launch.ts';
import { ZR_VENUE } from './api.ts';

export function goodRoadKey(g: GoodRoad, dragonTiger: boolean): string {
  if (g.kind === 'streak') return `goodRoad.streak.${g.side}${dragonTiger ? 'DT' : ''}`;
  return `goodRoad.${g.kind}`;
}

export function GoodRoadBadges({ roads, dragonTiger }: { roads: GoodRoad[]; dragonTiger: boolean }) {
  const { t } = useTranslation('table');
  if (roads.length === 0) return null;
  return (
    <span className="tlobby__good" data-testid="good-roads">
      <b className="tlobby__good-title">{t('goodRoad.title')}</b>
      {roads.map((g) => (
        <span key={g.kind} className={`tlobby__good-road tlobby__good-road--${g.kind === 'streak' ? g.side : g.kind}`} data-kind={g.kind}>
          {t(goodRoadKey(g, dragonTiger))} {t('goodRoad.count', { count: g.length })}
        </span>
      ))}
    </span>
  );
}

/** 好路提醒 in the lobby's header: every table showing a good road now, a click opens it. None: nothing shown. */
export function GoodRoadAlerts({ entries, good }: { entries: TableLobbyEntryWire[]; good: Record<string, GoodRoad[]> }) {
  const { t } = useTranslation('table');
  const shown = entries.filter((e) => e.status !== 'maintenance' && (good[e.gameCode]?.length ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <div className="tlobby__alerts" role="status" data-testid="good-road-alerts">
      <b className="tlobby__good-title">{t('goodRoad.alert')}</b>
      {shown.map((e) => (
        <button
          key={e.gameCode}
          type="button"
          className="tlobby__alert"
          onClick={() => void launchGame({ enName: ZR_VENUE, gameCode: e.gameCode })}
        >
          {e.name} ·{' '}
          {good[e.gameCode]!.map((g) => `${t(goodRoadKey(g, e.kind === 'dragonTiger'))} ${t('goodRoad.count', { count: g.length })}`).join(
            ' · ',
          )}
        </button>
      ))}
    </div>
  );
}
