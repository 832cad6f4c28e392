/**
 * The deposit page's bonuses: the brand's running deposit promotions
 * (querySiteDepositRewardConfigList) as choices above the pay button, so a member opts into the first-deposit
 * bonus with the very deposit that earns it (payment/pay's activityId). A promotion the next deposit cannot
 * earn is shown disabled with the server's reason; a joined one is chosen already (the credited deposit pays
 * it anyway, so 'no bonus' is not offered then); the expected bonus follows the typed amount.
 */
import { useEffect } from 'react';
import { Alert } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activityApi, type ResponseOf } from '@portal/contract';
import { parseAmount, parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { money } from '../../ui/money/index.ts';
import { ChoiceGrid, WALLET_KEY } from './common.tsx';
import './depositBonus.css';

export type DepositBonus = ResponseOf<typeof activityApi.depositRewardConfig>[number];
/** The 'no bonus' choice. */
export const NO_BONUS = 'none';

/** The deposit bonuses of the member (a failure shows none: the deposit itself still works). */
export function useDepositBonuses() {
  return useQuery({
    queryKey: [WALLET_KEY, 'depositBonuses'],
    queryFn: () => call(activityApi.depositRewardConfig, {}).catch(() => [] as DepositBonus[]),
  });
}

/** The bonus of an amount (fen) under a promotion: rate × amount, floored, capped; 0 below its minimum. */
export function bonusFen(b: DepositBonus, amountFen: number): number {
  const min = parseWireAmount(b.minDeposit) ?? 0;
  // '100%' → 10000 basis points (parseAmount: hundredths), integer arithmetic as the server's.
  const bp = parseAmount(b.rate.replace('%', ''));
  if (amountFen < min || bp === null) return 0;
  return Math.min(Math.floor((amountFen * bp) / 10_000), parseWireAmount(b.maxBonus) ?? 0);
}

/** What is chosen when the list arrives: a joined promotion the deposit can earn, else none. */
export function initialBonus(list: DepositBonus[]): string {
  return list.find((b) => b.joined && b.available)?.activityId ?? NO_BONUS;
}

export function DepositBonusPicker({
  list,
  value,
  onPick,
  amount,
}: {
  list: DepositBonus[];
  value: string;
  onPick(id: string): void;
  amount: string | undefined;
}) {
  const { t } = useTranslation('wallet');
  const joined = list.some((b) => b.joined && b.available);
  useEffect(() => {
    // A choice that is no longer offered (e.g. earned meanwhile) falls back to the default.
    if (value !== NO_BONUS && !list.some((b) => b.activityId === value && b.available)) onPick(initialBonus(list));
  }, [list, value, onPick]);
  if (list.length === 0) return null;
  const chosen = list.find((b) => b.activityId === value);
  const fen = amount ? parseAmount(amount) : null;
  const bonus = chosen && fen !== null ? bonusFen(chosen, fen) : 0;
  return (
    <section className="deposit-bonus" aria-label={t('deposit.bonus.title')} data-testid="deposit-bonus">
      <h3>
        <GiftOutlined /> {t('deposit.bonus.title')}
      </h3>
      <ChoiceGrid
        kind="bonus"
        label={t('deposit.bonus.title')}
        value={value}
        onPick={onPick}
        choices={[
          ...(joined ? [] : [{ key: NO_BONUS, content: <span className="bonus-card__name">{t('deposit.bonus.none')}</span> }]),
          ...list.map((b) => ({
            key: b.activityId,
            disabled: !b.available,
            content: (
              <>
                <span className="bonus-card__name">
                  {b.title}
                  {b.joined && b.available && <em className="bonus-card__tag">{t('deposit.bonus.joined')}</em>}
                </span>
                <small>
                  {t('deposit.bonus.terms', { rate: b.rate, max: money(b.maxBonus), min: money(b.minDeposit), multiple: b.multiple })}
                </small>
                {!b.available && <small className="bonus-card__reason">{b.reason}</small>}
              </>
            ),
          })),
        ]}
      />
      {chosen && fen !== null && fen > 0 && (
        <Alert
          className="deposit-bonus__note"
          type={bonus > 0 ? 'success' : 'warning'}
          showIcon
          data-testid="deposit-bonus-note"
          title={
            bonus > 0
              ? t('deposit.bonus.expected', { bonus: money(bonus), multiple: chosen.multiple })
              : t('deposit.bonus.belowMin', { min: money(chosen.minDeposit) })
          }
        />
      )}
    </section>
  );
}
