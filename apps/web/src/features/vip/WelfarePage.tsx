/**
 * /mine/welfare: what the member can claim now (upgrade bonuses not yet claimed, this year's birthday
 * bonus, last week's reward) with claim buttons, and the daily rebate (洗码) payouts. A claim carries an
 * Idempotency-Key that a retry reuses, so it is credited once.
 */
import { useState } from 'react';
import { App as AntApp, Button, Skeleton, Table, Tag } from 'antd';
import { CalendarOutlined, FileSearchOutlined, GiftOutlined, RiseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vipApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { goName } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useApiError } from '../mine/useApiError.ts';
import { Panel, useIdempotencyKey, useMoneyMoved } from '../wallet/common.tsx';
import { VIP_KEY, addDays, ratePct, shortDay, useWelfare } from './common.tsx';
import { money } from '../../ui/money/index.ts';
import { minuteText } from '../../ui/time/format.ts';

type Item = ResponseOf<typeof vipApi.welfareList>['items'][number];
const ICONS = { upgrade: <RiseOutlined />, birthday: <GiftOutlined />, weekly: <CalendarOutlined /> } as const;

function WelfareCard({ item, busy, onClaim }: { item: Item; busy: boolean; onClaim: (item: Item) => void }) {
  const { t } = useTranslation('vip');
  const title =
    item.kind === 'upgrade'
      ? t('welfare.upgrade', { grade: item.grade })
      : item.kind === 'birthday'
        ? t('welfare.birthday', { year: item.period })
        : t('welfare.weekly', { from: shortDay(item.period), to: shortDay(addDays(item.period, 6)) });
  return (
    <li className={`welfare-card welfare-card--${item.status}`} data-testid={`welfare-${item.id}`}>
      <span className="welfare-card__icon" aria-hidden="true">
        {ICONS[item.kind]}
      </span>
      <div className="welfare-card__body">
        <strong className="welfare-card__title">{title}</strong>
        <span className="welfare-card__amount">{money(item.amount)}</span>
        <small>{t('welfare.multiple', { multiple: item.multiple })}</small>
      </div>
      <div className="welfare-card__action">
        {item.status === 'available' && (
          <Button type="primary" loading={busy} onClick={() => onClaim(item)}>
            {t('welfare.claim')}
          </Button>
        )}
        {item.status === 'claimed' && (
          <>
            <Tag color="green">{t('welfare.claimed')}</Tag>
            {item.claimedAt && <small>{t('welfare.claimedAt', { time: minuteText(item.claimedAt) })}</small>}
          </>
        )}
        {item.status === 'unqualified' && (
          <>
            <Button disabled>{t('welfare.unqualified')}</Button>
            <small className="welfare-card__reason">{t(`welfare.reason.${item.reason}`)}</small>
            {item.reason === 'NO_BIRTHDAY' && (
              <Button type="link" size="small" onClick={() => goName('userinfo')}>
                {t('welfare.complete')}
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}

function Claimables() {
  const { t } = useTranslation('vip');
  const { message } = AntApp.useApp();
  const onError = useApiError();
  const client = useQueryClient();
  const moved = useMoneyMoved();
  const idem = useIdempotencyKey();
  const { data } = useWelfare();
  const [busy, setBusy] = useState<string | null>(null);
  const claim = async (item: Item) => {
    setBusy(item.id);
    try {
      await call(vipApi.welfareReceive, { id: item.id }, { idempotencyKey: idem.keyFor(item.id) });
      idem.settled();
      void message.success(t('welfare.claimOk'));
      await Promise.all([client.invalidateQueries({ queryKey: [VIP_KEY] }), moved()]);
    } catch (e) {
      onError(e);
      await client.invalidateQueries({ queryKey: [VIP_KEY] });
    } finally {
      setBusy(null);
    }
  };
  // Claimable first, then unqualified, then claimed (each in the server's order).
  const rank = { available: 0, unqualified: 1, claimed: 2 } as const;
  const items = [...(data?.items ?? [])].sort((a, b) => rank[a.status] - rank[b.status]);
  return (
    <Panel title={t('welfare.title')}>
      {data ? (
        <ul className="welfare-list" data-testid="welfare-list">
          {items.map((i) => (
            <WelfareCard key={i.id} item={i} busy={busy === i.id} onClaim={claim} />
          ))}
        </ul>
      ) : (
        <Skeleton active />
      )}
    </Panel>
  );
}

type Rebate = ResponseOf<typeof vipApi.rebateRecords>['list'][number];

function RebateRecords() {
  const { t } = useTranslation('vip');
  const [page, setPage] = useState(1);
  const pageSize = 10;
  const { data, isLoading } = useQuery({
    queryKey: [VIP_KEY, 'rebates', page],
    queryFn: () => call(vipApi.rebateRecords, { pageNum: page, pageSize }),
  });
  return (
    <Panel title={t('records.title')}>
      <Table<Rebate>
        rowKey="day"
        size="middle"
        loading={isLoading}
        dataSource={data?.list ?? []}
        data-testid="rebate-records"
        pagination={{ current: page, pageSize, total: data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <EmptyState icon={<FileSearchOutlined />} title={t('records.empty')} description={t('records.emptyText')} /> }}
        expandable={{
          expandedRowRender: (r) => (
            <ul className="rebate-details">
              {r.details.map((d) => (
                <li key={d.category}>
                  <span>{t(`category.${d.category}`)}</span>
                  <span>
                    {money(d.validTurnover)} × {ratePct(d.rateBp)}
                  </span>
                  <b>{money(d.amount)}</b>
                </li>
              ))}
            </ul>
          ),
        }}
        columns={[
          { key: 'day', title: t('records.day'), width: '20%', render: (_, r) => r.day },
          { key: 'grade', title: t('records.grade'), width: '12%', render: (_, r) => `VIP${r.grade}` },
          { key: 'valid', title: t('records.validTurnover'), align: 'right', render: (_, r) => money(r.validTurnover) },
          {
            key: 'amount',
            title: t('records.amount'),
            align: 'right',
            render: (_, r) => <strong className="vip-rate">{money(r.amount)}</strong>,
          },
          { key: 'paidAt', title: t('records.paidAt'), align: 'right', width: '22%', render: (_, r) => minuteText(r.paidAt) },
        ]}
      />
    </Panel>
  );
}

export function WelfarePage() {
  return (
    <div className="vip">
      <Claimables />
      <RebateRecords />
    </div>
  );
}
