/**
 * /mine/vip: the member's grade with the progress to the next (cumulative deposits and valid turnover),
 * the current grade's benefits, the rebate (洗码) rate per venue category and the weekly reward.
 */
import { Badge, Button, Progress, Skeleton, Table, Tag } from 'antd';
import { CalendarOutlined, CrownOutlined, GiftOutlined, PercentageOutlined, RiseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useEffect, type ReactNode } from 'react';
import { goName } from '../../routes/nav.ts';
import { useSite } from '../../app/site.ts';
import { useSession } from '../../stores/session.ts';
import { Panel } from '../wallet/common.tsx';
import { VipBadge, ratePct, shortDay, useFanshui, useGradeInfo, useWeekInfo, useWelfare } from './common.tsx';
import { money } from '../../ui/money/index.ts';
import { minuteText } from '../../ui/time/format.ts';

function Hero() {
  const { t } = useTranslation('vip');
  const info = useGradeInfo();
  const welfare = useWelfare();
  const d = info.data;
  const known = useSession((s) => s.user?.vipGrade);
  const noDeposit = useSite().flags.vipNoSave;
  // A grade reached since login: refresh the member (header menu and member card show it).
  useEffect(() => {
    if (d && known !== undefined && d.grade !== known) void useSession.getState().loadUser();
  }, [d, known]);
  if (!d)
    return (
      <section className="vip-hero">
        <Skeleton active paragraph={{ rows: 3 }} />
      </section>
    );
  const claimable = welfare.data?.items.filter((i) => i.status === 'available').length ?? 0;
  const reached = d.next && d.progress >= 100;
  // vipNoSave: this brand's grades need no deposit (valid turnover alone), so no deposit progress is shown.
  const withDeposit = !noDeposit;
  return (
    <section className="vip-hero" data-testid="vip-hero">
      <VipBadge grade={d.grade} size="lg" />
      <div className="vip-hero__main">
        <h2 className="vip-hero__title">{t('hero.member', { name: d.name })}</h2>
        <p className="vip-hero__totals">
          {withDeposit
            ? t('hero.totals', { deposit: money(d.depositTotal), turnover: money(d.turnoverTotal) })
            : t('hero.totalsTurnover', { turnover: money(d.turnoverTotal) })}
        </p>
        {d.next ? (
          <>
            {withDeposit && (
              <div className="vip-progress" data-testid="vip-deposit-progress">
                <span>{t('hero.deposit')}</span>
                <Progress percent={d.depositProgress} showInfo={false} strokeColor="#e8c77d" railColor="rgba(255,255,255,0.12)" />
                <b>
                  {money(d.depositTotal)} / {money(d.next.depositMin)}
                </b>
              </div>
            )}
            <div className="vip-progress">
              <span>{t('hero.turnover')}</span>
              <Progress percent={d.turnoverProgress} showInfo={false} strokeColor="#e8c77d" railColor="rgba(255,255,255,0.12)" />
              <b>
                {money(d.turnoverTotal)} / {money(d.next.turnoverMin)}
              </b>
            </div>
            <p className="vip-hero__next" data-testid="vip-next">
              {reached
                ? t('hero.reached', { name: d.next.name })
                : withDeposit
                  ? t('hero.toNext', { name: d.next.name, deposit: money(d.next.depositNeeded), turnover: money(d.next.turnoverNeeded) })
                  : t('hero.toNextTurnover', { name: d.next.name, turnover: money(d.next.turnoverNeeded) })}
            </p>
          </>
        ) : (
          <p className="vip-hero__next" data-testid="vip-next">
            {t('hero.top')}
          </p>
        )}
      </div>
      <div className="vip-hero__actions">
        <Badge count={claimable} size="small" offset={[-4, 2]}>
          <Button type="primary" size="large" icon={<GiftOutlined />} onClick={() => goName('welfare')}>
            {t('hero.welfare')}
          </Button>
        </Badge>
        <Button size="large" ghost icon={<CrownOutlined />} onClick={() => goName('vipDetail')}>
          {t('hero.detail')}
        </Button>
        {claimable > 0 && <small>{t('hero.claimable', { count: claimable })}</small>}
      </div>
    </section>
  );
}

function Perk({ icon, title, value, hint, testId }: { icon: ReactNode; title: string; value: string; hint: string; testId: string }) {
  return (
    <li className="vip-perk" data-testid={testId}>
      <span className="vip-perk__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="vip-perk__title">{title}</span>
      <strong className="vip-perk__value">{value}</strong>
      <small>{hint}</small>
    </li>
  );
}

function Perks() {
  const { t } = useTranslation('vip');
  const b = useGradeInfo().data?.benefits;
  const fanshui = useFanshui().data;
  if (!b) return null;
  const top = fanshui?.length ? Math.max(...fanshui.map((f) => f.rateBp)) : 0;
  const amount = (wire: string) => (wire === '0.00' ? t('perk.none') : money(wire));
  return (
    <Panel title={t('perk.title')}>
      <ul className="vip-perks">
        <Perk
          testId="perk-upgrade"
          icon={<RiseOutlined />}
          title={t('perk.upgrade')}
          value={amount(b.upgradeBonus)}
          hint={t('perk.upgradeHint')}
        />
        <Perk
          testId="perk-birthday"
          icon={<GiftOutlined />}
          title={t('perk.birthday')}
          value={amount(b.birthdayBonus)}
          hint={t('perk.birthdayHint')}
        />
        <Perk
          testId="perk-weekly"
          icon={<CalendarOutlined />}
          title={t('perk.weekly')}
          value={amount(b.weeklyBonus)}
          hint={t('perk.weeklyHint', { amount: money(b.weeklyTurnoverMin) })}
        />
        <Perk
          testId="perk-rebate"
          icon={<PercentageOutlined />}
          title={t('perk.rebate')}
          value={ratePct(top)}
          hint={t('perk.rebateHint')}
        />
      </ul>
    </Panel>
  );
}

function Rebates() {
  const { t } = useTranslation('vip');
  const { data, isLoading } = useFanshui();
  const multiple = useGradeInfo().data?.benefits?.rebateMultiple ?? 1;
  return (
    <Panel title={t('rebate.title')} className="vip-rebates">
      <Table
        rowKey="category"
        size="middle"
        pagination={false}
        loading={isLoading}
        dataSource={data ?? []}
        data-testid="vip-rates"
        columns={[
          { key: 'c', title: t('rebate.category'), render: (_, r) => t(`category.${r.category}`) },
          {
            key: 'm',
            title: t('rebate.mine'),
            align: 'right',
            render: (_, r) => <strong className="vip-rate">{ratePct(r.rateBp)}</strong>,
          },
          { key: 'r', title: t('rebate.range'), align: 'right', render: (_, r) => `${ratePct(r.lowBp)} – ${ratePct(r.highBp)}` },
        ]}
      />
      <p className="vip-note">{t('rebate.note', { multiple })}</p>
    </Panel>
  );
}

function Week() {
  const { t } = useTranslation('vip');
  const { data } = useWeekInfo();
  if (!data)
    return (
      <Panel title={t('week.title')}>
        <Skeleton active />
      </Panel>
    );
  const item = data.item;
  return (
    <Panel
      title={t('week.title')}
      className="vip-week"
      extra={<span className="vip-week__period">{t('week.period', { from: shortDay(data.weekStart), to: shortDay(data.weekEnd) })}</span>}
    >
      <dl className="vip-week__facts" data-testid="vip-week">
        <div>
          <dt>{t('week.lastWeek')}</dt>
          <dd>{money(data.lastWeekTurnover)}</dd>
        </div>
        <div>
          <dt>{t('week.required')}</dt>
          <dd>{money(data.turnoverMin)}</dd>
        </div>
        <div>
          <dt>{t('week.reward')}</dt>
          <dd className="vip-week__reward">{money(data.reward)}</dd>
        </div>
      </dl>
      <div className="vip-week__foot">
        {item.status === 'claimed' ? (
          <Tag color="green">{t('welfare.claimed')}</Tag>
        ) : item.status === 'available' ? (
          <Button type="primary" onClick={() => goName('welfare')}>
            {t('week.go')}
          </Button>
        ) : (
          <Tag>{t(`welfare.reason.${item.reason}`)}</Tag>
        )}
        <small>{t('week.until', { time: minuteText(data.claimUntil) })}</small>
      </div>
      <p className="vip-note">{t('week.thisWeek', { amount: money(data.thisWeekTurnover) })}</p>
    </Panel>
  );
}

export function VipPage() {
  return (
    <div className="vip">
      <Hero />
      <Perks />
      <div className="vip-grid">
        <Rebates />
        <Week />
      </div>
    </div>
  );
}
