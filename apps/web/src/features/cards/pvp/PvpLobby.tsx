/**
 * The 棋牌 page's PvP levels (issue 31): each 斗地主 stake level with its 底分, the hold of a hand, the rake and how
 * many players wait and sit — live over the socket (guests too). An empty level says so. A click opens the table
 * page at that level (a guest is asked to log in first); the practice table plays computer players for points.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PvpLevelWire } from '@portal/contract';
import { subscribePvp } from '../../../api/realtime.ts';
import { bus } from '../../../app/events.ts';
import { goName } from '../../../routes/nav.ts';
import { useSession } from '../../../stores/session.ts';
import { amountText } from '../../../ui/money/format.ts';
import './pvp.css';

export function openDoudizhu(query: Record<string, string>): void {
  if (!useSession.getState().token) {
    bus.emit('login');
    return;
  }
  goName('qpDoudizhu', { query });
}

export function PvpLobby() {
  const { t } = useTranslation('cards');
  const [levels, setLevels] = useState<PvpLevelWire[] | null>(null);
  useEffect(() => subscribePvp({ onLobby: setLevels }), []);
  return (
    <section className="pvp-lobby" data-testid="pvp-lobby">
      <h3>{t('pvp.lobbyTitle')}</h3>
      <p className="muted">{t('pvp.lobbyDesc', { rake: levels?.[0]?.rakePercent ?? '' })}</p>
      <ul className="pvp-lobby__list">
        {(levels ?? []).map((l) => (
          <li key={l.level}>
            <button
              type="button"
              className="pvp-lobby__level"
              data-testid={`pvp-level-${l.level}`}
              onClick={() => openDoudizhu({ level: l.level })}
            >
              <b>{t('pvp.base', { base: amountText(l.base) })}</b>
              <span className="muted">{t('pvp.hold', { hold: amountText(l.hold) })}</span>
              <span className="pvp-lobby__people" data-testid="pvp-people">
                {l.waiting === 0 && l.seated === 0
                  ? t('pvp.empty')
                  : `${t('pvp.waiting', { n: l.waiting })} · ${t('pvp.seated', { n: l.seated })}`}
              </span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="pvp-lobby__level pvp-lobby__level--practice"
            data-testid="pvp-practice"
            onClick={() => openDoudizhu({ practice: '1' })}
          >
            <b>{t('pvp.practiceShort')}</b>
            <span className="muted">{t('pvp.practice')}</span>
          </button>
        </li>
      </ul>
    </section>
  );
}
