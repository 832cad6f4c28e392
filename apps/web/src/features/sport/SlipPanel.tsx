/**
 * The right-rail bet slip (spec §4/§5): single, multiple (parlay) and series modes,
 * the items with their current price in the chosen format (flashing when it moves), series invalid
 * marks, champion odds, the series picker, the stake with its rules, confirm, the pending state of a
 * delayed in-play bet and the result. Every slip rule is the @portal/rules reducer's.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Segmented, Select } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, CloseCircleFilled, CloseOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatOdds, parlayOffer, seriesTypes, slipKey, slipReady, type SlipItem, type SlipMode } from '@portal/rules';
import { bus } from '../../app/events.ts';
import { AmountInput } from '../../ui/money/index.ts';
import { useBetting, type Receipt } from './betting.ts';
import { useFlash } from './hooks.ts';
import { betCount, checkStake, potentialPayoutFen, stakeLimits, totalStakeFen } from './stake.ts';
import { useSlip } from './store.ts';
import { CRTY } from './venue.ts';

const MODES: SlipMode[] = ['single', 'multiple', 'series'];

function SlipRow({ item }: { item: SlipItem }) {
  const { t } = useTranslation('sport');
  const format = useSlip((s) => s.slip.oddsType);
  const label = useSlip((s) => s.labels[slipKey(item)]);
  const dispatch = useSlip((s) => s.dispatch);
  const flash = useFlash(item.oddInfo.r);
  const pending = item.bettingData?.active === true;
  const key = slipKey(item);
  return (
    <li
      className={`slip-item${item.isInvalid ? ' slip-item--invalid' : ''}${pending ? ' slip-item--pending' : ''}`}
      data-testid={`slip-${key}`}
    >
      <div className="slip-item__top">
        <span className="slip-item__league">
          {label?.league}
          {label?.live && (
            <em className="slip-item__live">
              {t('live')} {label.score}
            </em>
          )}
        </span>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('slip.remove')}
          disabled={pending}
          onClick={() => dispatch({ type: 'remove', key })}
        />
      </div>
      <div className="slip-item__game">
        {item.championRate ? item.gameInfo.team_h : `${item.gameInfo.team_h} vs ${item.gameInfo.team_c}`}
      </div>
      <div className="slip-item__pick">
        <span>
          {label?.market} · <b>{label?.name}</b>
        </span>
        <span className={`slip-item__odds${flash ? ` odd--${flash}` : ''}`} data-flash={flash ?? undefined}>
          @ {formatOdds(item.oddInfo.r, format)}
        </span>
      </div>
      {item.isInvalid && (
        <div className="slip-item__invalid" role="alert">
          {t('slip.invalid')}
        </div>
      )}
      {pending && (
        <div className="slip-item__pending">
          <ClockCircleOutlined /> {t('slip.confirming')}
        </div>
      )}
    </li>
  );
}

/**
 * Single mode holds one pick (spec §4): a new pick replaces the last, and the slip says so — naming what it replaced —
 * and, when the two are different matches, offers 串关 with both.
 */
function ReplacedNotice() {
  const { t } = useTranslation('sport');
  const slip = useSlip((s) => s.slip);
  const labels = useSlip((s) => s.labels);
  const dispatch = useSlip((s) => s.dispatch);
  const was = slip.replaced;
  if (slip.mode !== 'single' || !was || slip.items.length === 0) return null;
  const label = labels[slipKey(was)];
  const name = was.championRate
    ? `${was.gameInfo.team_h} ${label?.name ?? ''}`
    : `${was.gameInfo.team_h} vs ${was.gameInfo.team_c} · ${label?.name ?? ''}`;
  const offer = parlayOffer(slip);
  return (
    <Alert
      className="slip__notice"
      type="info"
      showIcon
      data-testid="slip-replaced"
      title={t('slip.replaced', { name: name.trim() })}
      description={offer ? t('slip.parlayHint') : undefined}
      action={
        offer ? (
          <Button
            size="small"
            type="primary"
            data-testid="slip-to-parlay"
            onClick={() => {
              dispatch({ type: 'setMode', mode: 'multiple' });
              dispatch({ type: 'toggle', item: offer });
            }}
          >
            {t('slip.toParlay')}
          </Button>
        ) : undefined
      }
    />
  );
}

function ReceiptCard({ r, onClose }: { r: Receipt; onClose: () => void }) {
  const { t } = useTranslation('sport');
  const icon = r.status === 'rejected' ? <CloseCircleFilled /> : r.status === 'pending' ? <ClockCircleOutlined /> : <CheckCircleFilled />;
  return (
    <div className={`slip-receipt slip-receipt--${r.status}`} data-testid="slip-receipt" data-status={r.status}>
      <div className="slip-receipt__title">
        {icon} {t(`receipt.${r.status === 'pending' || r.status === 'rejected' ? r.status : 'accepted'}`)}
      </div>
      <dl>
        <dt>{t('receipt.ticket')}</dt>
        <dd>{r.ticket_id}</dd>
        <dt>{t('receipt.kind')}</dt>
        <dd>
          {t(`kind.${r.kind}`, { defaultValue: r.kind })}
          {r.seriesType && ` · ${r.seriesType}`}
        </dd>
        <dt>{t('receipt.stake')}</dt>
        <dd>¥ {r.betAmount}</dd>
        <dt>{t('receipt.maxPayout')}</dt>
        <dd>¥ {r.maxPayout}</dd>
      </dl>
      {r.status !== 'pending' && (
        <Button block size="small" onClick={onClose}>
          {t('receipt.ok')}
        </Button>
      )}
    </div>
  );
}

/** `balanceFen`: the sportsbook venue's balance in fen, null while unknown. */
export function SlipPanel({ balanceFen }: { balanceFen: number | null }) {
  const { t } = useTranslation('sport');
  const slip = useSlip((s) => s.slip);
  const labels = useSlip((s) => s.labels);
  const dispatch = useSlip((s) => s.dispatch);
  const { place, busy, receipt, error, clearError, dismiss } = useBetting();
  const [stake, setStake] = useState('');
  const [stakeMsg, setStakeMsg] = useState<{ problem: string; text: string } | null>(null);
  const [acceptAny, setAcceptAny] = useState(false);
  const types = slip.mode === 'series' ? seriesTypes(slip.items.length) : [];
  const [seriesType, setSeriesType] = useState<string | undefined>(undefined);
  const chosenSeries = types.some((x) => x.name === seriesType) ? seriesType : types[0]?.name;
  useEffect(() => {
    setStakeMsg(null);
    clearError();
  }, [slip.items.length, slip.mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const limits = stakeLimits(slip, labels);
  const bets = betCount(slip, chosenSeries);
  const pending = slip.items.some((i) => i.bettingData?.active);
  const payoutFen = potentialPayoutFen(slip, stake, chosenSeries);

  const confirm = () => {
    const c = checkStake(stake, limits, balanceFen, bets);
    if (!c.ok) {
      if (c.problem === 'adjusted') setStake(formatAmount(c.adjusted, { grouping: false }));
      setStakeMsg({
        problem: c.problem,
        text: t(`stake.${c.problem}`, {
          min: formatAmount(c.min),
          max: formatAmount(c.max),
          amount: c.problem === 'adjusted' ? formatAmount(c.adjusted) : '',
        }),
      });
      return;
    }
    setStakeMsg(null);
    void place({ stake, seriesType: chosenSeries, acceptAnyOdds: acceptAny });
  };

  return (
    <aside className="slip" aria-label={t('slip.title')} data-mode={slip.mode}>
      <header className="slip__head">
        <h2>
          {t('slip.title')}
          <span className="slip__count" data-testid="slip-count">
            {slip.items.length}
          </span>
        </h2>
        {slip.items.length > 0 && !pending && (
          <Button type="text" size="small" icon={<DeleteOutlined />} onClick={() => dispatch({ type: 'clear' })}>
            {t('slip.clear')}
          </Button>
        )}
      </header>
      <Segmented
        block
        value={slip.mode}
        disabled={pending}
        onChange={(mode) => dispatch({ type: 'setMode', mode })}
        options={MODES.map((m) => ({ value: m, label: t(`mode.${m}`) }))}
      />
      {slip.notice && <Alert className="slip__notice" type="warning" showIcon title={slip.notice} data-testid="slip-notice" />}
      <ReplacedNotice />
      {receipt && <ReceiptCard r={receipt} onClose={dismiss} />}
      {slip.items.length === 0 ? (
        !receipt && <p className="slip__empty">{t('slip.empty')}</p>
      ) : (
        <>
          <ul className="slip__items">
            {slip.items.map((i) => (
              <SlipRow key={slipKey(i)} item={i} />
            ))}
          </ul>
          {slip.mode === 'series' && (
            <label className="slip__field">
              <span>{t('slip.seriesType')}</span>
              <Select
                aria-label={t('slip.seriesType')}
                value={chosenSeries}
                onChange={setSeriesType}
                disabled={types.length === 0}
                placeholder={t('slip.seriesNeed')}
                options={types.map((x) => ({ value: x.name, label: t('slip.seriesOption', { name: x.name, bets: x.bets }) }))}
              />
            </label>
          )}
          <label className="slip__field">
            <span>{slip.mode === 'series' ? t('stake.perBet') : t('stake.label')}</span>
            <AmountInput
              value={stake}
              onChange={(v) => {
                setStake(v);
                setStakeMsg(null);
              }}
              disabled={pending}
              aria-label={t('stake.label')}
              placeholder={t('stake.placeholder', { min: formatAmount(limits.min), max: formatAmount(limits.max) })}
              status={stakeMsg ? 'error' : ''}
            />
          </label>
          {stakeMsg && (
            <div className="slip__error" role="alert" data-testid="stake-message">
              {stakeMsg.text}
              {stakeMsg.problem === 'balance' && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => bus.emit('show_venue_entry', { message: t('stake.transferHint'), channelCode: CRTY })}
                >
                  {t('stake.transfer')}
                </Button>
              )}
            </div>
          )}
          <dl className="slip__sum">
            {slip.mode === 'series' && (
              <>
                <dt>{t('slip.bets')}</dt>
                <dd>{bets}</dd>
              </>
            )}
            <dt>{t('slip.total')}</dt>
            <dd>¥ {formatAmount(totalStakeFen(stake, bets))}</dd>
            <dt>{t('slip.payout')}</dt>
            <dd data-testid="slip-payout">¥ {formatAmount(payoutFen)}</dd>
          </dl>
          <Checkbox checked={acceptAny} onChange={(e) => setAcceptAny(e.target.checked)}>
            {t('slip.acceptAny')}
          </Checkbox>
          {error && <Alert type="error" showIcon title={error} className="slip__notice" data-testid="slip-error" />}
          <Button type="primary" size="large" block loading={busy || pending} disabled={!slipReady(slip) || pending} onClick={confirm}>
            {pending ? t('slip.confirming') : t('slip.confirm')}
          </Button>
        </>
      )}
    </aside>
  );
}
