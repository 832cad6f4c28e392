/** /mine/giftRecord: every promotion reward of the member (activityTopGift/exchangeRecord), newest first. */
import { useState } from 'react';
import { Table, Tag } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { activityApi, PROMOTION_PAGES } from '@portal/contract';
import { call } from '../../api/client.ts';
import { openPath } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { ACTIVITY_KEY } from './common.tsx';
import { amountText } from '../../ui/money/index.ts';
import { secondText } from '../../ui/time/format.ts';

const PAGE_SIZE = 20;

export function GiftRecordPage() {
  const { t } = useTranslation('activity');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [ACTIVITY_KEY, 'records', page],
    queryFn: () => call(activityApi.exchangeRecord, { pageNum: page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="panel gift-records">
      <div className="promo-section__head">
        <h2 className="panel__title">{t('records.title')}</h2>
        <span className="promo-streak">
          {t('records.total', { n: q.data?.total ?? 0, amount: amountText(q.data?.totalAmount ?? '0.00') })}
        </span>
      </div>
      <Table
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={
          (q.data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: q.data!.total, onChange: setPage, showSizeChanger: false }
            : false
        }
        locale={{
          emptyText: <EmptyState icon={<FileSearchOutlined />} title={t('records.emptyTitle')} description={t('records.emptyText')} />,
        }}
        columns={[
          { key: 'time', title: t('records.time'), render: (_, r) => secondText(r.createdAt) },
          {
            key: 'activity',
            title: t('records.activity'),
            render: (_, r) => (
              <a
                onClick={() =>
                  openPath(r.type === 'friend_invite' ? PROMOTION_PAGES.friend_invite : `${PROMOTION_PAGES[r.type]}${r.activityId}`)
                }
              >
                {r.activityTitle}
              </a>
            ),
          },
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
    </div>
  );
}
