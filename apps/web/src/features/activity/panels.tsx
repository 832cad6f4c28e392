/** The member's part of the deposit bonuses, the sign-in gift, the betting gift and the new-member tasks. */
import { Button, Progress, Tag } from 'antd';
import { CheckCircleFilled, CheckOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { parseWireAmount } from '@portal/rules';
import { openPath } from '../../routes/nav.ts';
import { Section, useJoin, type Detail, type Summary } from './common.tsx';
import { amountText, progressPercent } from '../../ui/money/index.ts';

export function Figures({ items }: { items: [string, string][] }) {
  return (
    <dl className="promo-figures">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DepositPanel({ p, d }: { p: Summary; d: Detail }) {
  const { t } = useTranslation('activity');
  const join = useJoin(p.id);
  const q = d.deposit!;
  return (
    <Section title={t('join.title')}>
      <Figures
        items={[
          [t('deposit.rate'), q.rate],
          [t('deposit.max'), `¥${amountText(q.maxBonus)}`],
          [t('deposit.min'), `¥${amountText(q.minDeposit)}`],
          [t('deposit.multiple'), t('deposit.times', { n: q.multiple })],
        ]}
      />
      <div className="promo-actions">
        {d.joined ? (
          <>
            <Button size="large" disabled icon={<CheckOutlined />}>
              {t('deposit.applied')}
            </Button>
            <Button size="large" type="primary" onClick={() => openPath('/mine/savemoney')}>
              {t('deposit.go')}
            </Button>
          </>
        ) : (
          <Button size="large" type="primary" loading={join.isPending} disabled={!d.eligible} onClick={() => join.mutate(undefined)}>
            {t('deposit.apply')}
          </Button>
        )}
        <span className="promo-hint">
          {d.joined ? (q.paidToday ? t('deposit.paid') : t('deposit.waiting')) : d.eligible ? t('deposit.hint') : d.reason}
        </span>
      </div>
    </Section>
  );
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

export function SignPanel({ p, d }: { p: Summary; d: Detail }) {
  const { t } = useTranslation('activity');
  const join = useJoin(p.id);
  const s = d.sign!;
  const lead = new Date(`${s.month[0]!.day}T12:00:00+08:00`).getUTCDay();
  return (
    <Section title={t('sign.title')} extra={<span className="promo-streak">{t('sign.streak', { n: s.streak })}</span>}>
      <div className="sign-calendar" role="grid" aria-label={t('sign.title')}>
        {WEEKDAYS.map((w) => (
          <span key={w} className="sign-calendar__wd">
            {t(`sign.wd.${w}`)}
          </span>
        ))}
        {Array.from({ length: lead }, (_, i) => (
          <span key={`pad${i}`} />
        ))}
        {s.month.map((x) => (
          <span
            key={x.day}
            role="gridcell"
            aria-selected={x.signed}
            className={`sign-day${x.signed ? ' sign-day--signed' : ''}${x.day === s.today ? ' sign-day--today' : ''}${x.day > s.today ? ' sign-day--future' : ''}`}
          >
            <b>{Number(x.day.slice(8))}</b>
            {x.signed ? (
              <small>
                <CheckCircleFilled /> ¥{amountText(x.amount ?? '0')}
              </small>
            ) : x.day === s.today ? (
              <small>{t('sign.todayMark')}</small>
            ) : null}
          </span>
        ))}
      </div>
      <div className="promo-actions">
        <Button
          size="large"
          type="primary"
          loading={join.isPending}
          disabled={s.signedToday || !d.eligible}
          onClick={() => join.mutate(undefined)}
        >
          {s.signedToday ? t('sign.done') : t('sign.button')}
        </Button>
        <span className="promo-hint">
          {!s.signedToday && !d.eligible ? d.reason : t('sign.next', { amount: amountText(s.nextAmount) })}
        </span>
      </div>
    </Section>
  );
}

export function BettingPanel({ p, d }: { p: Summary; d: Detail }) {
  const { t } = useTranslation('activity');
  const join = useJoin(p.id);
  const b = d.betting!;
  const claimable = b.tiers.some((x) => x.reached && !x.claimed);
  return (
    <Section
      title={t('betting.title')}
      extra={<span className="promo-streak">{t('betting.today', { amount: amountText(b.turnover) })}</span>}
    >
      <ol className="tier-list">
        {b.tiers.map((x, i) => (
          <li key={x.turnover} className={`tier${x.reached ? ' tier--reached' : ''}`}>
            <span className="tier__no">{t('betting.tier', { n: i + 1 })}</span>
            <div className="tier__bar">
              <span>{t('betting.need', { amount: amountText(x.turnover) })}</span>
              <Progress
                percent={progressPercent(parseWireAmount(b.turnover) ?? 0, parseWireAmount(x.turnover) ?? 0)}
                showInfo={false}
                strokeColor="var(--brand)"
                size="small"
              />
            </div>
            <strong className="tier__bonus">¥{amountText(x.bonus)}</strong>
            {x.claimed ? (
              <Tag color="green">{t('betting.claimed')}</Tag>
            ) : x.reached ? (
              <Tag color="gold">{t('betting.reached')}</Tag>
            ) : (
              <Tag icon={<LockOutlined />}>{t('betting.locked')}</Tag>
            )}
          </li>
        ))}
      </ol>
      <div className="promo-actions">
        <Button size="large" type="primary" loading={join.isPending} disabled={!claimable} onClick={() => join.mutate(undefined)}>
          {t('betting.claim')}
        </Button>
        <span className="promo-hint">{claimable ? t('betting.hint') : d.reason}</span>
      </div>
    </Section>
  );
}

export function TasksPanel({ p, d }: { p: Summary; d: Detail }) {
  const { t } = useTranslation('activity');
  const join = useJoin(p.id);
  return (
    <Section title={t('tasks.title')}>
      {!d.eligible && d.reason && !d.tasks?.some((x) => x.done && !x.claimed) && <p className="promo-hint promo-hint--block">{d.reason}</p>}
      <ul className="task-list">
        {(d.tasks ?? []).map((x) => (
          <li key={x.key} className={`task${x.done ? ' task--done' : ''}`}>
            <span className="task__title">{x.title}</span>
            <strong className="task__bonus">¥{amountText(x.bonus)}</strong>
            {x.claimed ? (
              <Tag color="green">{t('tasks.claimed')}</Tag>
            ) : (
              <Button
                type={x.done ? 'primary' : 'default'}
                disabled={!x.done}
                loading={join.isPending && join.variables === x.key}
                onClick={() => join.mutate(x.key)}
              >
                {x.done ? t('tasks.claim') : t('tasks.todo')}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
