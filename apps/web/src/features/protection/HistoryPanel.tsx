/** The member's own history of limit, session, reality-check and exclusion changes (newest first, paged). */
import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { protectionApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { minuteText } from '../../ui/time/format.ts';
import { PROTECTION_KEY } from './api.ts';

type Event = ResponseOf<typeof protectionApi.history>['list'][number];
const PAGE_SIZE = 10;
const ACTIONS = new Set([
  'limit_set',
  'limit_decreased',
  'limit_increase_requested',
  'limit_confirmed',
  'limit_cancelled',
  'session_limit_set',
  'reality_check_set',
  'timeout',
  'self_exclusion',
]);
const KINDS = new Set(['deposit', 'loss', 'wager', 'session']);
const PERIODS = new Set(['day', 'week', 'month']);

export function HistoryPanel() {
  const { t } = useTranslation('protection');
  const token = useSession((s) => s.token);
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [PROTECTION_KEY, 'history', token, page],
    queryFn: () => call(protectionApi.history, { page, size: PAGE_SIZE }),
    enabled: token !== null,
    placeholderData: (prev) => prev,
  });
  const item = (e: Event) =>
    [KINDS.has(e.kind) ? t(`kind.${e.kind}`) : '', PERIODS.has(e.period) ? t(`period.${e.period}`) : ''].filter(Boolean).join(' · ');
  return (
    <section className="panel rg-section" aria-labelledby="rg-history" data-testid="history">
      <h2 className="panel__title" id="rg-history">
        {t('history.title')}
      </h2>
      <Table<Event>
        size="middle"
        rowKey={(e) => `${e.at}-${e.action}-${e.kind}-${e.period}`}
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('history.empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'at', title: t('history.time'), render: (_, e) => minuteText(e.at) },
          {
            key: 'action',
            title: t('history.action'),
            render: (_, e) => t(`history.actions.${ACTIONS.has(e.action) ? e.action : 'other'}`),
          },
          { key: 'item', title: t('history.item'), render: (_, e) => item(e) || '—' },
          {
            key: 'change',
            title: t('history.change'),
            render: (_, e) => `${e.before || t('history.none')} → ${e.after || t('history.none')}`,
          },
        ]}
      />
    </section>
  );
}
