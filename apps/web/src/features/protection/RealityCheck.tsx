/**
 * The reality check and the session time limit, for a logged-in member: the server's realityCheck says when the
 * next check is due (nextAt) and when the session limit ends the session (endsAt). Both are read against this
 * device's wall clock through the one countdown (ui/useCountdown), corrected by the difference between this
 * clock and the server's (startedAt + elapsedMs is the server's "now" of the answer), so a wrong PC clock does
 * not move them. When a check is due the figures are fetched fresh and shown until 继续游戏 or 退出登录.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Modal } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { protectionApi, StatusCode, type ResponseOf } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { bus } from '../../app/events.ts';
import { isApiError } from '../../api/errors.ts';
import { useSession } from '../../stores/session.ts';
import { useCountdown } from '../../ui/useCountdown.ts';
import { money } from '../../ui/money/index.ts';
import { REALITY_KEY } from './api.ts';
import { useDurationText } from './Pending.tsx';
import { useProtectionUi } from './store.ts';

export type Reality = ResponseOf<typeof protectionApi.realityCheck>;

/** A server time of the answer `r` on this device's clock (null stays null). */
function local(r: Reality, serverAt: number | null, receivedAt: number): number | null {
  return serverAt === null ? null : serverAt + (receivedAt - (r.startedAt + r.elapsedMs));
}

/** Runs while a member is logged in (keyed by the token): schedules the check and the session end. */
export function RealityWatch() {
  const token = useSession((s) => s.token);
  const q = useQuery({
    queryKey: [...REALITY_KEY, token],
    queryFn: async () => ({ r: await call(protectionApi.realityCheck, {}), at: Date.now() }),
    retry: false,
    staleTime: Infinity,
  });
  const dueAt = q.data ? local(q.data.r, q.data.r.nextAt, q.data.at) : null;
  const endAt = q.data ? local(q.data.r, q.data.r.endsAt, q.data.at) : null;
  const [dueLeft] = useCountdown(dueAt);
  const [endLeft] = useCountdown(endAt);
  const show = useProtectionUi((s) => s.showReality);
  const over = useProtectionUi((s) => s.sessionOver);
  const { t } = useTranslation('protection');

  useEffect(() => {
    if (dueAt === null || dueLeft > 0) return;
    let live = true;
    call(protectionApi.realityCheck, {}).then(
      (r) => live && show(r),
      (e: unknown) => live && isApiError(e) && e.status_code === StatusCode.SESSION_TIME_LIMIT && over(e.message),
    );
    return () => {
      live = false;
    };
  }, [dueAt, dueLeft, show, over]);

  // Any call the server refused with 6603 (the request layer's event): the session is over.
  useEffect(() => bus.on('session_time_limit', ({ message }) => over(message)), [over]);

  // The session limit passed on this clock: the session is over (the server refuses its next money call with 6603).
  const limitMinutes = q.data?.r.endsAt == null ? null : Math.round((q.data.r.endsAt - q.data.r.startedAt) / 60_000);
  useEffect(() => {
    if (endAt === null || endLeft > 0) return;
    over(t('reality.sessionOverText', { minutes: limitMinutes }));
  }, [endAt, endLeft, over, t, limitMinutes]);
  return null;
}

/** The reality-check dialog: this session's time, stakes and net result; continue or leave. */
export function RealityDialog() {
  const { t } = useTranslation('protection');
  const reality = useProtectionUi((s) => s.reality);
  const close = useProtectionUi((s) => s.closeReality);
  const duration = useDurationText();
  const client = useQueryClient();
  const [busy, setBusy] = useState<'continue' | 'leave' | null>(null);
  const answer = useCallback(
    async (choice: 'continue' | 'leave') => {
      setBusy(choice);
      try {
        const r = await call(protectionApi.realityAnswer, { answer: choice });
        if (choice === 'leave') useProtectionUi.getState().leave('clear');
        else client.setQueryData([...REALITY_KEY, useSession.getState().token], { r, at: Date.now() });
      } catch {
        if (choice === 'leave') useProtectionUi.getState().leave('logout'); // leaving ends the session whatever the server answered
      } finally {
        setBusy(null);
        close();
      }
    },
    [client, close],
  );
  if (!reality) return null;
  const netFen = parseWireAmount(reality.net) ?? 0;
  return (
    <Modal
      open
      title={t('reality.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="leave" loading={busy === 'leave'} disabled={busy !== null} onClick={() => void answer('leave')}>
          {t('reality.leave')}
        </Button>,
        <Button
          key="continue"
          type="primary"
          loading={busy === 'continue'}
          disabled={busy !== null}
          onClick={() => void answer('continue')}
        >
          {t('reality.continue')}
        </Button>,
      ]}
    >
      <dl className="rg-reality" data-testid="reality-check">
        <dt>{t('reality.elapsed')}</dt>
        <dd data-testid="reality-elapsed">{duration(reality.elapsedMs / 1000)}</dd>
        <dt>{t('reality.stakes')}</dt>
        <dd data-testid="reality-stakes">{money(reality.stakes)}</dd>
        <dt>{t('reality.net')}</dt>
        <dd data-testid="reality-net" className={netFen < 0 ? 'rg-loss' : netFen > 0 ? 'rg-win' : undefined}>
          {netFen > 0 ? '+' : ''}
          {money(reality.net)}
        </dd>
      </dl>
    </Modal>
  );
}

/** The session limit was reached: says so (the server's message), cannot be dismissed but by logging out. */
export function SessionOverDialog() {
  const { t } = useTranslation('protection');
  const message = useProtectionUi((s) => s.sessionOverMessage);
  const reset = useProtectionUi((s) => s.reset);
  useEffect(() => {
    if (message !== null) useProtectionUi.getState().leave('logout'); // here and on the server
  }, [message]);
  if (message === null) return null;
  return (
    <Modal
      open
      title={t('reality.sessionOver')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={reset}>
          {t('reality.sessionOverOk')}
        </Button>
      }
    >
      <p data-testid="session-over">{message}</p>
    </Modal>
  );
}
