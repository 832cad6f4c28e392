/**
 * Shared pieces of the wallet pages (money text and conversions: ui/money): the wallet queries, the refresh after a
 * money movement (queries + header balance), the Idempotency-Key a retry reuses, the uppercase line.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletApi } from '@portal/contract';
import { parseAmount, toChineseUppercase } from '@portal/rules';
import { call } from '../../api/client.ts';
import { randomUuid } from '../../storage/index.ts';
import { useSession } from '../../stores/session.ts';
import './wallet.css';

/** Every wallet query key starts with this, so one invalidation refreshes every wallet page. */
export const WALLET_KEY = 'wallet';

export function Panel({
  title,
  extra,
  children,
  className,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`panel${className ? ` ${className}` : ''}`}>
      {(title || extra) && (
        <div className="wallet-panel__head">
          {title && <h2 className="panel__title">{title}</h2>}
          {extra}
        </div>
      )}
      {children}
    </div>
  );
}

/** Every venue wallet with the central balance and the auto-transfer switch (category 8 = all). */
export function useAllBalance() {
  return useQuery({ queryKey: [WALLET_KEY, 'all'], queryFn: () => call(walletApi.allBalance, { category: 8 }) });
}

/** Central wallet with the locked amount (pending withdrawals). */
export function useCentralBalance() {
  return useQuery({ queryKey: [WALLET_KEY, 'balance'], queryFn: () => call(walletApi.getBalance, { withLockMoney: 1 }) });
}

/** After money moved: refetch every wallet query and the header balance. */
export function useMoneyMoved(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([client.invalidateQueries({ queryKey: [WALLET_KEY] }), useSession.getState().loadBalance()]);
  }, [client]);
}

/**
 * The Idempotency-Key of a money-moving call: the same request sent again (a retry after a lost
 * answer or an error) reuses the key of its first attempt; a different request, or any request after
 * a success, gets a new one.
 */
export function useIdempotencyKey(): { keyFor(payload: unknown): string; settled(): void } {
  // One object for the component's life: callbacks that use it keep their identity.
  const [keys] = useState(() => {
    let last: { payload: string; key: string } | null = null;
    return {
      keyFor(payload: unknown) {
        const json = JSON.stringify(payload);
        if (last?.payload !== json) last = { payload: json, key: randomUuid() };
        return last.key;
      },
      settled() {
        last = null;
      },
    };
  });
  return keys;
}

/** The Chinese uppercase amount under a field where the member confirms an amount (spec §9). */
export function UppercaseAmount({ value }: { value: string | undefined }) {
  const { t } = useTranslation('wallet');
  const fen = value ? parseAmount(value) : null;
  if (fen === null || fen <= 0) return null;
  return (
    <p className="amount-upper" data-testid="amount-upper">
      <span>{t('common.uppercase')}</span>
      <strong>{toChineseUppercase(fen)}</strong>
    </p>
  );
}

export interface Choice {
  key: string;
  content: ReactNode;
  disabled?: boolean;
}

/** A grid of selectable cards (radio semantics): venues on the transfer page, channels and bonuses on the deposit page. */
export function ChoiceGrid({
  label,
  choices,
  value,
  onPick,
  kind,
}: {
  label: string;
  choices: Choice[];
  value: string | undefined;
  onPick(key: string): void;
  kind: 'venue' | 'channel' | 'bonus';
}) {
  const card = kind === 'venue' ? 'venue-pick' : kind === 'bonus' ? 'bonus-card' : 'channel-card';
  return (
    <div className={kind === 'venue' ? 'venue-picker' : `${kind}-grid`} role="radiogroup" aria-label={label}>
      {choices.map((c) => (
        <button
          key={c.key}
          type="button"
          role="radio"
          aria-checked={c.key === value}
          disabled={c.disabled}
          className={`${card}${c.key === value ? ` ${card}--on` : ''}`}
          onClick={() => onPick(c.key)}
        >
          {c.content}
        </button>
      ))}
    </div>
  );
}

export { useAction } from '../mine/useApiError.ts';
