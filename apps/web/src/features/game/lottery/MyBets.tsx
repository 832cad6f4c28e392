/**
 * The member's bets on this draw (撤单 takes every one back while the window is open: tableCancel) and the
 * member's chases at this game (停止追号: chaseCancel refunds the bets on draws not yet closed).
 */
import { useRef, useState } from 'react';
import { Button, Empty, Popconfirm, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChaseWire, TableBetWire, TableInfoWire } from '@portal/contract';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { randomUuid } from '../../../storage/index.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { money } from '../../../ui/money/index.ts';
import { lotteryCall, type LotteryKind } from './api.ts';
import { betLabel } from './board.ts';
import { chasesKey, infoKey } from './useDraw.ts';

const STATUS_COLOUR: Record<TableBetWire['status'], string> = {
  pending: 'processing',
  won: 'success',
  lost: 'default',
  push: 'default',
  refunded: 'warning',
};

export function MyDrawBets({
  enName,
  kind,
  info,
  seq,
  open,
}: {
  enName: string;
  kind: LotteryKind;
  info: TableInfoWire;
  seq: number;
  open: boolean;
}) {
  const { t } = useTranslation('lottery');
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const bets = info.myBets.filter((b) => b.seq === seq);
  const cancellable = open && bets.some((b) => b.status === 'pending' && !b.chaseId);
  const cancel = async () => {
    setBusy(true);
    key.current ??= `lotc-${randomUuid()}`;
    try {
      const r = await lotteryCall(enName, info.gameCode, 'tableCancel', { gameCode: info.gameCode, seq, idempotencyKey: key.current });
      key.current = null;
      qc.setQueryData<TableInfoWire>(infoKey(info.gameCode), (old) =>
        old ? { ...old, balance: r.balance, myBets: old.myBets.filter((b) => b.seq !== seq) } : old,
      );
      notify.success(t('mine.cancelled'));
    } catch (e) {
      key.current = null;
      if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: infoKey(info.gameCode) });
    }
  };
  return (
    <section className="lottery-panel" data-testid="lottery-mybets">
      <header className="lottery-panel__head">
        <h3>{t('mine.title')}</h3>
        {cancellable && (
          <Popconfirm title={t('mine.cancelAsk')} onConfirm={() => void cancel()} okText={t('mine.cancel')} cancelText={t('mine.keep')}>
            <Button size="small" danger loading={busy} data-testid="lottery-cancel">
              {t('mine.cancel')}
            </Button>
          </Popconfirm>
        )}
      </header>
      {bets.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mine.none')} />
      ) : (
        <ul className="lottery-panel__list">
          {bets.map((b) => (
            <li key={b.betId} data-bet={b.betId}>
              <span>{betLabel(t, kind, b.type)}</span>
              <span>{money(b.amount)}</span>
              <Tag color={STATUS_COLOUR[b.status]}>{t(`betStatus.${b.status}`)}</Tag>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The member's latest bets at this game (any draw), newest first: how the last draws went for them. */
export function RecentBets({ enName, kind, gameCode }: { enName: string; kind: LotteryKind; gameCode: string }) {
  const { t } = useTranslation('lottery');
  const bets = useQuery({
    queryKey: [...infoKey(gameCode), 'bets'],
    queryFn: () => lotteryCall(enName, gameCode, 'tableBets', { gameCode, pageSize: RECENT_BETS }),
    refetchOnWindowFocus: false,
  });
  const list = bets.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="lottery-panel" data-testid="lottery-recent">
      <header className="lottery-panel__head">
        <h3>{t('mine.recent')}</h3>
      </header>
      <ul className="lottery-panel__list">
        {list.map((b) => (
          <li key={b.betId} data-bet={b.betId}>
            <span>
              <small className="muted">{b.issue.slice(-4)}</small> {betLabel(t, kind, b.type)}
            </span>
            <span>{money(b.amount)}</span>
            <Tag color={STATUS_COLOUR[b.status]}>
              {b.status === 'won' ? t('mine.won', { amount: money(b.payout) }) : t(`betStatus.${b.status}`)}
            </Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}

const RECENT_BETS = 8;

const CHASE_COLOUR: Record<ChaseWire['status'], string> = {
  running: 'processing',
  won: 'success',
  finished: 'default',
  cancelled: 'warning',
};

export function MyChases({ enName, gameCode }: { enName: string; gameCode: string }) {
  const { t } = useTranslation('lottery');
  const qc = useQueryClient();
  const chases = useQuery({
    queryKey: chasesKey(gameCode),
    queryFn: () => lotteryCall(enName, gameCode, 'chases', { gameCode }),
    refetchOnWindowFocus: false,
  });
  const [stopping, setStopping] = useState<string | null>(null);
  const stop = async (chaseId: string) => {
    setStopping(chaseId);
    try {
      await lotteryCall(enName, gameCode, 'chaseCancel', { chaseId });
      notify.success(t('chase.stopped'));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
    } finally {
      setStopping(null);
      void qc.invalidateQueries({ queryKey: chasesKey(gameCode) });
      void qc.invalidateQueries({ queryKey: infoKey(gameCode) });
    }
  };
  const list = chases.data?.list ?? [];
  return (
    <section className="lottery-panel" data-testid="lottery-chases">
      <header className="lottery-panel__head">
        <h3>{t('chase.mine')}</h3>
      </header>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chase.none')} />
      ) : (
        <ul className="lottery-panel__list lottery-panel__list--chases">
          {list.map((c) => (
            <li key={c.chaseId} data-chase={c.chaseId}>
              <span>
                {t('chase.progress', { done: c.drawsDone, n: c.draws })} · {t('chase.perDraw', { amount: money(c.perDraw) })}
                {c.stopOnWin && <small className="muted"> · {t('chase.stopOnWinShort')}</small>}
              </span>
              <span>{t('chase.payout', { amount: money(c.totalPayout) })}</span>
              <Tag color={CHASE_COLOUR[c.status]}>{t(`chaseStatus.${c.status}`)}</Tag>
              {c.status === 'running' && (
                <Button size="small" loading={stopping === c.chaseId} onClick={() => void stop(c.chaseId)} data-testid="lottery-chase-stop">
                  {t('chase.stop')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
