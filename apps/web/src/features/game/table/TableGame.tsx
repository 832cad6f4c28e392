/**
 * The play area of a table: the countdown, the reveal (cards, dice or wheel), the result and the member's payout,
 * the layout of the table's kind and the chips. Chips are stacked on spots locally; 确认下注 sends them as one
 * tableBet (one idempotency key per confirm: a retry of the same chips after a failure re-sends the same key);
 * every control is off once the window closes. Unsent chips belong to their round and are dropped with it.
 */
import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { TABLE_LIMITS, type TableInfoWire, type TableStateWire } from '@portal/contract';
import { parseWireAmount } from '@portal/rules';
import { ApiError, errorMessage } from '../../../api/errors.ts';
import { randomUuid } from '../../../storage/index.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { amountText, money } from '../../../ui/money/format.ts';
import { tableCall } from './api.ts';
import { BaccaratLayout, DragonTigerLayout } from './BetLayoutCards.tsx';
import { RouletteLayout } from './BetLayoutRoulette.tsx';
import { SicboLayout } from './BetLayoutSicbo.tsx';
import { Chips } from './Chips.tsx';
import { Countdown, useSecondsLeft } from './Countdown.tsx';
import { addStake, doubled, placedStakes, repeated, roundPayoutFen, spotsOf, stakeTotal, type Stakes } from './model.ts';
import { winningKeys } from './outcome.ts';
import { RevealCards } from './RevealCards.tsx';
import { RevealDice } from './RevealDice.tsx';
import { RevealWheel } from './RevealWheel.tsx';
import type { LayoutProps } from './Spot.tsx';
import type { TableData } from './useTable.ts';
import { NiuniuLayout, Pai28Layout, SangongLayout } from '../../cards/CardsLayout.tsx';
import { RevealHands } from '../../cards/RevealHands.tsx';

const LAYOUTS: Partial<Record<TableInfoWire['kind'], ComponentType<LayoutProps>>> = {
  baccarat: BaccaratLayout,
  dragonTiger: DragonTigerLayout,
  sicbo: SicboLayout,
  roulette: RouletteLayout,
  niuniu: NiuniuLayout,
  pai28: Pai28Layout,
  sangong: SangongLayout,
};
const REVEALS: Partial<Record<TableInfoWire['kind'], ComponentType<{ state: TableStateWire }>>> = {
  baccarat: RevealCards,
  dragonTiger: RevealCards,
  sicbo: RevealDice,
  roulette: RevealWheel,
  niuniu: RevealHands,
  pai28: RevealHands,
  sangong: RevealHands,
};

/** The member's stakes on the newest round before `seq` (重复). */
function lastRoundStakes(bets: TableData['bets'], seq: number): Stakes {
  const prior = bets.filter((b) => b.seq < seq && b.status !== 'refunded' && !b.chaseId).reduce((m, b) => Math.max(m, b.seq), 0);
  return prior ? placedStakes(bets, prior) : {};
}

/** The newest round before `seq` where the member's bets are all settled: its issue and what it paid back. */
function lastPaid(bets: TableData['bets'], seq: number, issueOf: TableData['issueOf']): { issue: string; payout: number } | null {
  const prior = bets.filter((b) => b.seq < seq && b.status !== 'refunded').reduce((m, b) => Math.max(m, b.seq), 0);
  const payout = prior ? roundPayoutFen(bets, prior) : null;
  return payout === null ? null : { issue: issueOf(prior, bets.find((b) => b.seq === prior)!.issue), payout };
}

function RoundResult({ state, bets, issueOf }: { state: TableStateWire; bets: TableData['bets']; issueOf: TableData['issueOf'] }) {
  const { t } = useTranslation('table');
  if (state.status === 'cancelled') return <p className="tresult tresult--cancelled">{t('result.cancelled')}</p>;
  if (state.status !== 'settled') {
    // The last round's payout stays in view while the next window is open (its settled moment may have been short).
    const last = lastPaid(bets, state.seq, issueOf);
    if (!last) return null;
    return (
      <p className="tresult tresult--last" data-testid="last-payout">
        {last.payout > 0
          ? t('result.lastWin', { issue: last.issue, amount: money(last.payout) })
          : t('result.lastLose', { issue: last.issue })}
      </p>
    );
  }
  const payout = roundPayoutFen(bets, state.seq);
  const winner = state.coup?.winner;
  const who = winner ? t(state.kind === 'dragonTiger' ? `result.dt.${winner}` : `result.${winner}`) : null;
  return (
    <div className="tresult" data-testid="round-result">
      {who && <b className={`tresult__who tresult__who--${winner}`}>{who}</b>}
      {payout !== null && (
        <span className={payout > 0 ? 'tresult__win' : 'tresult__lose'} data-testid="round-payout">
          {payout > 0 ? t('result.win', { amount: money(payout) }) : t('result.lose')}
        </span>
      )}
    </div>
  );
}

export function TableGame({ enName, table }: { enName: string; table: TableData }) {
  const { t } = useTranslation('table');
  const info = table.info.data!;
  const state = table.state ?? info.state;
  const secondsLeft = useSecondsLeft(state, table.offsetMs);
  const open = state.status === 'betting' && secondsLeft > 0;
  const chips = info.chips.length ? info.chips : TABLE_LIMITS.CHIPS;
  const [chip, setChip] = useState<string>(chips[0]!);
  const [pendingOf, setPending] = useState<{ seq: number; stakes: Stakes }>({ seq: state.seq, stakes: {} });
  const pending = pendingOf.seq === state.seq ? pendingOf.stakes : {};
  const setStakes = (f: (s: Stakes) => Stakes) => setPending({ seq: state.seq, stakes: f(pending) });
  const [busy, setBusy] = useState(false);
  const keyRef = useRef<{ sig: string; key: string } | null>(null);
  const placed = placedStakes(table.bets, state.seq);
  const last = lastRoundStakes(table.bets, state.seq);
  const Layout = LAYOUTS[info.kind];
  const Reveal = REVEALS[info.kind];

  const fail = (e: unknown) => {
    if (!(e instanceof ApiError && e.handled)) notify.error(errorMessage(e));
  };
  const confirm = async () => {
    const bets = spotsOf(pending);
    if (bets.length === 0) return;
    const sig = JSON.stringify([state.seq, bets]);
    if (keyRef.current?.sig !== sig) keyRef.current = { sig, key: randomUuid() };
    setBusy(true);
    try {
      const answer = await tableCall(enName, info.gameCode, 'tableBet', {
        gameCode: info.gameCode,
        seq: state.seq,
        bets,
        idempotencyKey: keyRef.current.key,
      });
      keyRef.current = null;
      table.applyAnswer(answer);
      setStakes(() => ({}));
      notify.success(t('msg.placed'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    setBusy(true);
    try {
      const answer = await tableCall(enName, info.gameCode, 'tableCancel', {
        gameCode: info.gameCode,
        seq: state.seq,
        idempotencyKey: randomUuid(),
      });
      table.applyAnswer(answer);
      notify.success(t('msg.cancelled'));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const chipFen = parseWireAmount(chip) ?? 0;

  return (
    <div className={`ttable ttable--${info.kind}`} data-testid="table-game" data-kind={info.kind} data-seq={state.seq}>
      <div className="ttable__stage">
        <Countdown state={state} secondsLeft={secondsLeft} windowMs={info.timing.bettingMs} />
        {Reveal && <Reveal state={state} />}
        <RoundResult state={state} bets={table.bets} issueOf={table.issueOf} />
      </div>
      {Layout && (
        <Layout
          info={info}
          pending={pending}
          placed={placed}
          open={open && !busy}
          winners={state.status === 'settled' ? winningKeys(info, state.outcome) : new Set()}
          onSpot={(key) => setStakes((s) => addStake(s, key, chipFen))}
        />
      )}
      <p className="tlimits" data-testid="table-limits">
        {t('limits.title')}
        {info.limits.map((l) => (
          <span key={l.group}>
            {t(`limits.${l.group}`, { defaultValue: '' })} {amountText(l.min)} - {amountText(l.max)}
          </span>
        ))}
      </p>
      <Chips
        chips={chips}
        chip={chip}
        onChip={setChip}
        open={open}
        busy={busy}
        pendingFen={stakeTotal(pending)}
        placedFen={stakeTotal(placed)}
        canRepeat={stakeTotal(last) > 0}
        onConfirm={() => void confirm()}
        onUndo={() => setStakes(() => ({}))}
        onCancel={() => void cancel()}
        onRepeat={() => setStakes((s) => repeated(s, last))}
        onDouble={() => setStakes((s) => doubled(s, placed))}
      />
    </div>
  );
}
