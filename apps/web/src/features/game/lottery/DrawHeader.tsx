/**
 * The draw page's header: the game, the current draw's issue, the countdowns to 封盘 (bets close) and to 开奖 (the
 * draw), the balance, the plain notice that the house draws by a random number generator, and the seed hash
 * committed before this draw (公平性: the seed itself is shown in the history once the draw is settled).
 */
import { Button, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TableStateWire } from '@portal/contract';
import { goBack } from '../../../routes/nav.ts';
import { formatMinutesSeconds } from '../../../ui/useCountdown.ts';
import { money } from '../../../ui/money/index.ts';

interface Props {
  name: string;
  state: TableStateWire | null;
  closeLeft: number;
  drawLeft: number;
  balance: string | null;
  onFairness: () => void;
}

export function phaseOf(
  state: TableStateWire | null,
  closeLeft: number,
): 'open' | 'locked' | 'drawing' | 'settled' | 'cancelled' | 'loading' {
  if (!state) return 'loading';
  if (state.status === 'betting') return closeLeft > 0 ? 'open' : 'locked';
  if (state.status === 'closed') return 'locked';
  if (state.status === 'revealing') return 'drawing';
  return state.status;
}

export function DrawHeader({ name, state, closeLeft, drawLeft, balance, onFairness }: Props) {
  const { t } = useTranslation('lottery');
  const phase = phaseOf(state, closeLeft);
  return (
    <header className="lottery-head" data-testid="lottery-head" data-phase={phase}>
      <div className="lottery-head__title">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={goBack} className="lottery-head__back">
          {t('back')}
        </Button>
        <h2>{name}</h2>
        {state && (
          <span className="lottery-head__issue" data-testid="lottery-issue">
            {t('issue', { issue: state.issue })}
          </span>
        )}
      </div>
      <div className="lottery-head__clocks">
        <div className={`lottery-clock${phase === 'open' ? ' is-open' : ''}`} data-testid="lottery-close-clock">
          <small>{t('clock.close')}</small>
          <b>{phase === 'open' ? formatMinutesSeconds(closeLeft) : t(`phase.${phase}`)}</b>
        </div>
        <div className="lottery-clock" data-testid="lottery-draw-clock">
          <small>{t('clock.draw')}</small>
          <b>{phase === 'open' || phase === 'locked' ? formatMinutesSeconds(drawLeft) : t(`phase.${phase}`)}</b>
        </div>
        <div className="lottery-clock lottery-clock--balance">
          <small>{t('balance')}</small>
          <b data-testid="lottery-balance">{money(balance)}</b>
        </div>
      </div>
      <div className="lottery-head__notice">
        <Tag color="gold" className="lottery-rng" data-testid="lottery-rng">
          {t('rng')}
        </Tag>
        {state && (
          <Tooltip title={t('fair.hashHint')}>
            <span className="lottery-head__hash">
              {t('fair.hash')}: <Typography.Text code>{state.seedHash.slice(0, 16)}…</Typography.Text>
            </span>
          </Tooltip>
        )}
        <Button size="small" type="link" icon={<SafetyCertificateOutlined />} onClick={onFairness}>
          {t('fair.open')}
        </Button>
      </div>
    </header>
  );
}
