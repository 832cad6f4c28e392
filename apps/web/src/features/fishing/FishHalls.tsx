/** The fishing lobby's halls (/game/fishing): rooms by cannon range, players seated, the RTP; 进入 seats the player. */
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { launchGame } from '../game/launch.ts';
import { FISH_VENUE, fishHalls } from './api.ts';
import './fishing.css';

export function FishHalls() {
  const { t } = useTranslation('fishing');
  const halls = useQuery({ queryKey: ['fishing', 'halls'], queryFn: fishHalls, refetchInterval: 10_000 });
  if (!halls.data?.length) return null;
  return (
    <section className="fish-halls" aria-label={t('halls')}>
      {halls.data.map((h) => (
        <article key={h.code} className="fish-hall" data-hall={h.code}>
          <h3>{h.name}</h3>
          <div className="fish-hall__meta">
            <span>{t('range', { min: h.minBet, max: h.maxBet })}</span>
            <span>{t('rtp', { rtp: h.rtp })}</span>
            <span>{t('players', { n: h.players })}</span>
            <span>{t('rooms', { n: h.rooms.length })}</span>
          </div>
          <Button type="primary" onClick={() => void launchGame({ enName: FISH_VENUE, gameCode: h.code })}>
            {t('enter')}
          </Button>
        </article>
      ))}
    </section>
  );
}
