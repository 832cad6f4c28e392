/**
 * The bet slip: the picked bet types with one stake each (the quick chips set the stake of every pick and of the
 * next ones), the total, 确认投注 (tableBet, all or nothing, one idempotency key per confirm — kept for a retry
 * after a network failure), and 追号: the same bets on 2–50 consecutive draws from this one, optionally stopping
 * on a win (lotteryChase; the total is per draw × draws, all held now).
 */
import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, InputNumber, Space } from 'antd';
import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusCode, TABLE_LIMITS, type TableInfoWire } from '@portal/contract';
import { fenToYuanString, parseAmount, parseWireAmount } from '@portal/rules';
import { ApiError, NETWORK_ERROR, errorMessage } from '../../../api/errors.ts';
import { bus } from '../../../app/events.ts';
import { randomUuid } from '../../../storage/index.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { money } from '../../../ui/money/index.ts';
import { lotteryCall, type LotteryKind, type SpotWire } from './api.ts';
import { betLabel } from './board.ts';
import { chasesKey, infoKey } from './useDraw.ts';

export interface Pick {
  type: string;
  /** The stake as typed (yuan). */
  amount: string;
}

interface Props {
  enName: string;
  kind: LotteryKind;
  info: TableInfoWire;
  seq: number;
  picks: readonly Pick[];
  onPicks: (p: Pick[]) => void;
  chip: string;
  onChip: (c: string) => void;
  /** The window is open (before 封盘). */
  open: boolean;
}

const CHASE_MIN = 2;

export function BetSlip({ enName, kind, info, seq, picks, onPicks, chip, onChip, open }: Props) {
  const { t } = useTranslation('lottery');
  const qc = useQueryClient();
  const [chase, setChase] = useState(false);
  const [typedDraws, setDraws] = useState(5);
  const [stopOnWin, setStopOnWin] = useState(true);
  const [busy, setBusy] = useState(false);
  const pending = useRef<{ body: string; key: string } | null>(null);
  const gameCode = info.gameCode;
  const chips = info.chips.length ? info.chips : [...TABLE_LIMITS.CHIPS];
  const fens = picks.map((p) => parseAmount(p.amount.trim()));
  const valid = picks.length > 0 && fens.every((f) => f !== null && f > 0);
  const perDrawFen = fens.reduce<number>((a, f) => a + (f ?? 0), 0);
  // What is sent: the typed number of draws within 2–50, whole.
  const draws = Math.min(TABLE_LIMITS.CHASE_DRAWS_MAX, Math.max(CHASE_MIN, Math.floor(typedDraws)));
  const totalFen = perDrawFen * (chase ? draws : 1);
  const balanceFen = parseWireAmount(info.balance) ?? 0;
  const short = valid && totalFen > balanceFen;
  const groupOf = new Map(info.betTypes.map((b) => [b.key, b.group]));
  const limitOf = new Map(info.limits.map((l) => [l.group, l]));

  const setChip = (c: string) => {
    onChip(c);
    onPicks(picks.map((p) => ({ ...p, amount: c })));
  };

  const submit = async () => {
    if (!valid || !open || busy) return;
    const bets: SpotWire[] = picks.map((p, i) => ({ type: p.type, amount: fenToYuanString(fens[i]!) }));
    const body = JSON.stringify({ seq, bets, chase: chase ? { draws, stopOnWin } : null });
    const key = pending.current?.body === body ? pending.current.key : `lot-${randomUuid()}`;
    pending.current = { body, key };
    setBusy(true);
    try {
      const balance = chase
        ? (await lotteryCall(enName, gameCode, 'lotteryChase', { gameCode, seq, bets, draws, stopOnWin, idempotencyKey: key })).balance
        : (await lotteryCall(enName, gameCode, 'tableBet', { gameCode, seq, bets, idempotencyKey: key })).balance;
      pending.current = null;
      qc.setQueryData<TableInfoWire>(infoKey(gameCode), (old) => (old ? { ...old, balance } : old));
      notify.success(chase ? t('slip.chased', { n: draws }) : t('slip.placed'));
      onPicks([]);
    } catch (e) {
      if (!(e instanceof ApiError && e.status_code === NETWORK_ERROR)) pending.current = null;
      const handled = e instanceof ApiError && (e.handled || e.status_code === StatusCode.UID_VERIFICATION);
      if (!handled) notify.error(errorMessage(e));
    } finally {
      setBusy(false);
      void qc.invalidateQueries({ queryKey: infoKey(gameCode) });
      void qc.invalidateQueries({ queryKey: chasesKey(gameCode) });
    }
  };

  const openTransfer = () =>
    bus.emit('show_venue_entry', {
      message: t('slip.transferHint'),
      channelCode: enName.toUpperCase(),
      onEnter: () => void qc.invalidateQueries({ queryKey: infoKey(gameCode) }),
    });

  return (
    <section className="lottery-slip" data-testid="lottery-slip" aria-label={t('slip.title')}>
      <header className="lottery-slip__head">
        <h3>{t('slip.title')}</h3>
        {picks.length > 0 && (
          <Button size="small" type="link" onClick={() => onPicks([])}>
            {t('slip.clear')}
          </Button>
        )}
      </header>
      <div className="lottery-chips" role="group" aria-label={t('slip.chips')}>
        {chips.map((c) => (
          <button
            key={c}
            type="button"
            className={`lottery-chip${c === chip ? ' is-active' : ''}`}
            aria-pressed={c === chip}
            onClick={() => setChip(c)}
          >
            {Number.parseInt(c, 10)}
          </button>
        ))}
      </div>
      {picks.length === 0 ? (
        <p className="lottery-slip__empty muted">{t('slip.empty')}</p>
      ) : (
        <ul className="lottery-slip__list">
          {picks.map((p, i) => {
            const odds = info.betTypes.find((b) => b.key === p.type)?.odds ?? '';
            const limit = limitOf.get(groupOf.get(p.type) ?? '');
            return (
              <li key={p.type} data-pick={p.type}>
                <span className="lottery-slip__name">
                  {betLabel(t, kind, p.type)} <small className="muted">@{odds}</small>
                </span>
                <Input
                  size="small"
                  className="lottery-slip__stake"
                  aria-label={t('slip.stakeOf', { name: betLabel(t, kind, p.type) })}
                  value={p.amount}
                  status={fens[i] === null || fens[i] === 0 ? 'error' : undefined}
                  onChange={(e) => onPicks(picks.map((q, j) => (j === i ? { ...q, amount: e.target.value } : q)))}
                  title={limit ? t('slip.limit', { min: limit.min, max: limit.max }) : undefined}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  aria-label={t('slip.remove')}
                  onClick={() => onPicks(picks.filter((_, j) => j !== i))}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className="lottery-slip__chase">
        <Checkbox checked={chase} onChange={(e) => setChase(e.target.checked)} data-testid="lottery-chase">
          {t('chase.toggle')}
        </Checkbox>
        {chase && (
          <Space wrap size="small">
            <span>{t('chase.draws')}</span>
            <InputNumber
              size="small"
              min={CHASE_MIN}
              max={TABLE_LIMITS.CHASE_DRAWS_MAX}
              precision={0}
              value={typedDraws}
              aria-label={t('chase.draws')}
              inputMode="numeric"
              onChange={(v) => typeof v === 'number' && setDraws(v)}
            />
            <Checkbox checked={stopOnWin} onChange={(e) => setStopOnWin(e.target.checked)}>
              {t('chase.stopOnWin')}
            </Checkbox>
          </Space>
        )}
      </div>
      <div className="lottery-slip__total" data-testid="lottery-total">
        {chase
          ? t('slip.totalChase', { per: money(perDrawFen), n: draws, total: money(totalFen) })
          : t('slip.total', { total: money(totalFen) })}
      </div>
      {short && (
        <Alert
          type="warning"
          showIcon
          data-testid="lottery-insufficient"
          title={t('slip.insufficient')}
          action={
            <Button size="small" type="primary" icon={<SwapOutlined />} onClick={openTransfer}>
              {t('slip.transferIn')}
            </Button>
          }
        />
      )}
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        disabled={!open || !valid || short}
        onClick={() => void submit()}
        data-testid="lottery-confirm"
      >
        {open ? (chase ? t('slip.confirmChase') : t('slip.confirm')) : t('slip.closed')}
      </Button>
    </section>
  );
}
