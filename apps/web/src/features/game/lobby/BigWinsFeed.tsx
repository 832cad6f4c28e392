/**
 * 最新大奖: the brand's latest big wins on house games (recentBigWins: real settled rounds paying ≥ 10× the
 * stake, names masked by the server), as a strip that scrolls sideways (still under reduced motion, paused on
 * hover). Refreshed every BIG_WINS_REFRESH_MS. Nothing answered: nothing shown — no placeholder wins.
 */
import { FireFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bigWinsApi, type BigWinEntry, type GameCategory } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { call } from '../../../api/client.ts';
import { money } from '../../../ui/money/index.ts';
import { GAME_KEY, useLocalName } from '../catalogue.ts';
import './lobbyFx.css';

export const BIG_WINS_REFRESH_MS = 30_000;
/** Below this many wins the strip stands still (nothing to scroll). */
const SCROLL_FROM = 3;

/** "刚刚", "N 分钟前", "N 小时前", "N 天前": the age of a win as the feed says it. */
export function ageOf(settledAt: number, now: number): { key: 'now' | 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.floor(Math.max(0, now - settledAt) / 60_000);
  if (minutes < 1) return { key: 'now', count: 0 };
  if (minutes < 60) return { key: 'minutes', count: minutes };
  if (minutes < 24 * 60) return { key: 'hours', count: Math.floor(minutes / 60) };
  return { key: 'days', count: Math.floor(minutes / 1440) };
}

function Win({ e, now }: { e: BigWinEntry; now: number }) {
  const { t } = useTranslation('game');
  const localName = useLocalName();
  const age = ageOf(e.settledAt, now);
  return (
    <li className={`bigwins__item bigwins__item--${e.tier}`}>
      <span className={`bigwins__tier bigwins__tier--${e.tier}`}>{t(`lobby.bigWins.tier.${e.tier}`)}</span>
      <span className="bigwins__player">{e.player}</span>
      <span className="bigwins__game">{localName(e)}</span>
      <span className="bigwins__amount">{money(parseWireAmount(e.amount) ?? 0)}</span>
      <span className="bigwins__multiple">{t('lobby.bigWins.multiple', { n: e.multiple })}</span>
      <span className="bigwins__age">{t(`lobby.bigWins.age.${age.key}`, { count: age.count })}</span>
    </li>
  );
}

export function BigWinsFeed({ category }: { category: GameCategory }) {
  const { t } = useTranslation('game');
  const feed = useQuery({
    queryKey: [GAME_KEY, 'bigWins', category],
    queryFn: async () => (await call(bigWinsApi.recentBigWins, { category })).list,
    refetchInterval: BIG_WINS_REFRESH_MS,
  });
  const list = feed.data ?? [];
  if (list.length === 0) return null;
  const now = feed.dataUpdatedAt || Date.now();
  const scrolls = list.length >= SCROLL_FROM;
  return (
    <section className="bigwins" aria-labelledby="bigwins-title" data-testid="big-wins">
      <h3 id="bigwins-title" className="bigwins__title">
        <FireFilled aria-hidden="true" /> {t('lobby.bigWins.title')}
      </h3>
      <div className="bigwins__viewport">
        <div className={`bigwins__track${scrolls ? ' bigwins__track--scroll' : ''}`} style={{ ['--n' as string]: list.length }}>
          <ul className="bigwins__list">
            {list.map((e) => (
              <Win key={`${e.settledAt}-${e.gameCode}-${e.player}`} e={e} now={now} />
            ))}
          </ul>
          {scrolls && (
            <ul className="bigwins__list" aria-hidden="true">
              {list.map((e) => (
                <Win key={`${e.settledAt}-${e.gameCode}-${e.player}`} e={e} now={now} />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
