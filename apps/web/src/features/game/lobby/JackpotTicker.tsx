/**
 * The lobby's jackpot ticker: the category's pools (getBonusPools, refreshed every POOLS_REFRESH_MS) as a gold
 * marquee, each amount rolling from the last answer to the new one (rolling.ts). Amounts are the server's (the
 * pools are ledger accounts); nothing runs up between answers. Hidden when the category has no pool.
 */
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseWireAmount } from '@portal/rules';
import { money } from '../../../ui/money/index.ts';
import { useBonusPools, useLocalName } from '../catalogue.ts';
import { prefersReducedMotion, useRolling } from './rolling.ts';
import './lobbyFx.css';

function PoolAmount({ amount }: { amount: string }) {
  const shown = useRolling(parseWireAmount(amount) ?? 0, prefersReducedMotion());
  return (
    <strong className="lobby-jackpot__amount" data-testid="pool-amount" data-amount={amount}>
      {money(shown)}
    </strong>
  );
}

export function JackpotTicker({ codes }: { codes: Set<string> }) {
  const { t } = useTranslation('game');
  const pools = useBonusPools();
  const localName = useLocalName();
  const shown = (pools.data ?? []).filter((p) => codes.has(p.gameCode));
  if (shown.length === 0) return null;
  return (
    <section className="lobby-jackpot lobby-jackpot--live" aria-label={t('lobby.jackpot')} data-testid="jackpot-ticker">
      <span className="lobby-jackpot__title">
        <TrophyOutlined aria-hidden="true" className="lobby-jackpot__trophy" /> {t('lobby.jackpot')}
      </span>
      <ul className="lobby-jackpot__list">
        {shown.map((p) => (
          <li key={p.poolCode} data-testid={`pool-${p.poolCode}`}>
            <span className="lobby-jackpot__name">{localName(p)}</span>
            <PoolAmount amount={p.amount} />
          </li>
        ))}
      </ul>
      <span className="lobby-jackpot__note">{t('lobby.jackpotNote')}</span>
    </section>
  );
}
