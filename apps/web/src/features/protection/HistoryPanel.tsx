/** The member's own history of limit, session, reality-check and exclusion changes (newest first, paged). */
import { useState } from 'react';
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseWireAmount } from '@portal/rules';
import { protectionApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useSession } from '../../stores/session.ts';
import { minuteText } from '../../ui/time/format.ts';
import { money } from '../../ui/money/index.ts';
import { PROTECTION_KEY } from './api.ts';

type Event = ResponseOf<typeof protectionApi.history>['list'][number];
const PAGE_SIZE = 10;
const ACTIONS = new Set([
  'limit_set',
  'limit_decreased',
  'limit_increase_requested',
  'limit_removal_requested',
  'limit_confirmed',
  'limit_cancelled',
  'session_limit_set',
  'reality_check_set',
  'timeout',
  'self_exclusion',
]);
const MONEY_KINDS = new Set(['deposit', 'loss', 'wager']);
const PERIODS = new Set(['day', 'week', 'month']);
const EXCLUSION_PERIODS = new Set(['24h', '7d', '30d', '6w', '6m', '1y', '2y', '5y', 'permanent']);

/** What changed and its old and new values in the player's words (the server's kind, period and raw values). */
function useEventText() {
  const { t } = useTranslation('protection');
  const item = (e: Event): string => {
    if (MONEY_KINDS.has(e.kind) || e.kind === 'session')
      return [t(`kind.${e.kind}`), PERIODS.has(e.period) ? t(`period.${e.period}`) : ''].filter(Boolean).join(' · ');
    if (e.kind === 'timeout' || e.kind === 'self_exclusion')
      return [
        t(e.kind === 'timeout' ? 'exclusion.timeout' : 'exclusion.selfExclusion'),
        EXCLUSION_PERIODS.has(e.period) ? t(`exclusion.periods.${e.period}`) : '',
      ]
        .filter(Boolean)
        .join(' · ');
    return e.kind === 'reality' ? t('history.kinds.reality') : '—';
  };
  const value = (e: Event, v: string): string => {
    if (!v) return t('history.none');
    if (v === 'permanent') return t('exclusion.periods.permanent');
    if (MONEY_KINDS.has(e.kind) && parseWireAmount(v) !== null) return money(v);
    if ((e.kind === 'session' || e.kind === 'reality') && /^\d+$/.test(v)) return t('session.minutes', { minutes: v });
    return v;
  };
  return { item, change: (e: Event) => `${value(e, e.before)} → ${value(e, e.after)}` };
}

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
  const { item, change } = useEventText();
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
          { key: 'item', title: t('history.item'), render: (_, e) => item(e) },
          {
            key: 'change',
            title: t('history.change'),
            render: (_, e) => change(e),
          },
        ]}
      />
    </section>
  );
}
