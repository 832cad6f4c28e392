/**
 * /activity/<type>/:id — one promotion: its banner, the member's part (apply, check-in calendar, tiers,
 * wheel, leaderboard, tasks), the member's rewards of it, and the rules. Anonymous visitors see the
 * promotion and are asked to log in to take part.
 */
import { Alert, Button, Skeleton, Table, Tag } from 'antd';
import { ArrowLeftOutlined, GiftOutlined, LoginOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { bus } from '../../app/events.ts';
import { openPath } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Banner, Period, Section, useConfig, useDetail, type Detail, type Summary } from './common.tsx';
import { amountText } from '../../ui/money/index.ts';
import { BettingPanel, DepositPanel, SignPanel, TasksPanel } from './panels.tsx';
import { DrawPanel, RacePanel } from './gamePanels.tsx';
import { InvitePanel } from './InvitePanel.tsx';
import { secondText } from '../../ui/time/format.ts';

export function RewardTable({ rows }: { rows: Detail['rewards'] }) {
  const { t } = useTranslation('activity');
  return (
    <Table
      size="small"
      rowKey="id"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10 } : false}
      locale={{ emptyText: t('records.none') }}
      columns={[
        { key: 'createdAt', title: t('records.time'), render: (_, r) => secondText(r.createdAt) },
        { key: 'source', dataIndex: 'source', title: t('records.source') },
        { key: 'amount', title: t('records.amount'), render: (_, r) => <b className="amount-in">+{amountText(r.amount)}</b> },
        { key: 'wagering', title: t('records.wagering'), render: (_, r) => amountText(r.wagering) },
        {
          key: 'status',
          title: t('records.status'),
          render: (_, r) => (
            <Tag color={r.status === 'paid' ? 'green' : r.status === 'flagged' ? 'orange' : 'default'}>
              {t(`records.statuses.${r.status}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
}

function MemberPart({ p, d }: { p: Summary; d: Detail }) {
  switch (p.type) {
    case 'first_deposit':
    case 're_deposit':
      return <DepositPanel p={p} d={d} />;
    case 'sign_in':
      return <SignPanel p={p} d={d} />;
    case 'betting_gift':
      return <BettingPanel p={p} d={d} />;
    case 'draw_gift':
      return <DrawPanel p={p} d={d} />;
    case 'race':
      return <RacePanel d={d} />;
    case 'new_member':
      return <TasksPanel p={p} d={d} />;
    case 'friend_invite':
      return <InvitePanel d={d} />;
  }
}

/** The page frame of one promotion (also used by the friend-invitation page). */
export function PromotionView({ p }: { p: Summary }) {
  const { t } = useTranslation('activity');
  const token = useSession((s) => s.token);
  const detail = useDetail(token ? p.id : undefined);
  const d = detail.data;
  return (
    <div className="activity promo-detail" data-testid="promo-detail">
      <Button type="link" className="promo-back" icon={<ArrowLeftOutlined />} onClick={() => openPath('/activity/discount')}>
        {t('detail.back')}
      </Button>
      <Banner p={p} size="hero" />
      <div className="promo-detail__meta">
        <Period p={p} />
        <Tag color={p.status === 'active' ? 'gold' : 'default'}>{t(`status.${p.status}`)}</Tag>
      </div>
      <div className="promo-detail__grid">
        <div className="promo-detail__main">
          {!token ? (
            <Section title={t('join.title')}>
              <EmptyState
                icon={<LoginOutlined />}
                title={t('join.loginTitle')}
                description={t('join.loginText')}
                action={
                  <Button type="primary" onClick={() => bus.emit('login')}>
                    {t('join.login')}
                  </Button>
                }
              />
            </Section>
          ) : !d ? (
            <Section title={t('join.title')}>
              <Skeleton active />
            </Section>
          ) : (
            <>
              {!d.eligible && d.reason && p.status !== 'active' && (
                <Alert type="warning" showIcon message={d.reason} className="promo-alert" />
              )}
              <MemberPart p={p} d={d} />
              <Section title={t('records.mine')}>
                <RewardTable rows={d.rewards} />
              </Section>
            </>
          )}
        </div>
        <aside className="panel promo-rules">
          <h2 className="panel__title">{t('detail.rules')}</h2>
          <div className="promo-rules__text">{p.rules}</div>
        </aside>
      </div>
    </div>
  );
}

export function ActivityDetailPage() {
  const { t } = useTranslation('activity');
  const { id = '' } = useParams();
  const config = useConfig({ id });
  const p = config.data?.list[0];
  if (config.isLoading)
    return (
      <div className="panel">
        <Skeleton active />
      </div>
    );
  if (!p) {
    return (
      <div className="panel">
        <EmptyState
          icon={<GiftOutlined />}
          title={t('detail.empty')}
          description={t('detail.emptyText', { id })}
          action={<Button onClick={() => openPath('/activity/discount')}>{t('detail.back')}</Button>}
        />
      </div>
    );
  }
  return <PromotionView p={p} />;
}
