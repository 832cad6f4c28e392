/**
 * A raise or removal waiting for its cooling-off: the new value, when the cooling-off ends with a live countdown,
 * 确认 (active only when the server says `confirmable`) and 撤销. When the countdown reaches zero the state is
 * fetched again, so the server — not this page — says when the change can be confirmed.
 */
import { useEffect } from 'react';
import { Button, Space } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { protectionApi, type RequestOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useAction } from '../mine/useApiError.ts';
import { useCountdown } from '../../ui/useCountdown.ts';
import { minuteText } from '../../ui/time/format.ts';
import { useApplyState, useRefreshState } from './api.ts';

/** 3 小时 5 分 9 秒 (hours uncapped), or 5 分 9 秒 under an hour. */
export function useDurationText(): (seconds: number) => string {
  const { t } = useTranslation('protection');
  return (seconds) => {
    const s = Math.max(0, Math.floor(seconds));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h > 0 ? t('duration.hms', { h, m, s: s % 60 }) : t('duration.ms', { m, s: s % 60 });
  };
}

export interface PendingChange {
  /** What the change becomes (already a text: an amount or minutes, or the removal). */
  label: string;
  effectiveAt: number;
  confirmable: boolean;
  /** Which pending change confirmLimit / cancelPending name. */
  target: RequestOf<typeof protectionApi.confirmLimit>;
}

export function Pending({ label, effectiveAt, confirmable, target }: PendingChange) {
  const { t } = useTranslation('protection');
  const duration = useDurationText();
  const [left] = useCountdown(effectiveAt);
  const apply = useApplyState();
  const refresh = useRefreshState();
  const [busy, run] = useAction();
  const ended = left === 0;
  // The cooling-off just ended on this clock: ask the server whether it may be confirmed now.
  useEffect(() => {
    if (ended && !confirmable) refresh();
  }, [ended, confirmable, refresh]);
  const act = (ep: typeof protectionApi.confirmLimit | typeof protectionApi.cancelPending) =>
    run(async () => apply(await call(ep, target)));
  const testId = `pending-${target.kind}${target.period ? `-${target.period}` : ''}`;
  return (
    <div className="rg-pending" data-testid={testId}>
      <span className="rg-pending__what">{label}</span>
      <span className="rg-pending__when">
        <ClockCircleOutlined /> {t('pending.coolingOff', { at: minuteText(effectiveAt) })}
        {' · '}
        <span data-testid={`${testId}-left`}>{confirmable ? t('pending.ready') : t('pending.left', { left: duration(left) })}</span>
      </span>
      <Space size="small">
        <Button size="small" type="primary" disabled={!confirmable} loading={busy} onClick={() => void act(protectionApi.confirmLimit)}>
          {t('pending.confirm')}
        </Button>
        <Button size="small" loading={busy} onClick={() => void act(protectionApi.cancelPending)}>
          {t('pending.undo')}
        </Button>
      </Space>
    </div>
  );
}
