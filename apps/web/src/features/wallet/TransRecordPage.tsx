/** /mine/transRecord: the member's central-wallet movements (transactions/queryDealRecord), filtered and paged. */
import { useState } from 'react';
import { Button, DatePicker, Segmented, Select, Table, Tag } from 'antd';
import { FileSearchOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { DEAL_TYPES, recordsApi, type DealType } from '@portal/contract';
import { formatAmount, parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel, WALLET_KEY } from './common.tsx';
import { money } from '../../ui/money/index.ts';
import { secondText } from '../../ui/time/format.ts';

type Preset = 'today' | 'week' | 'month';
const PAGE_SIZE = 20;

/** The epoch-ms window of a preset (today; the last 7 or 30 days including today). */
export function presetRange(p: Preset, now = dayjs()): [number, number] {
  const days = p === 'today' ? 0 : p === 'week' ? 6 : 29;
  return [now.startOf('day').subtract(days, 'day').valueOf(), now.endOf('day').valueOf()];
}

function SignedAmount({ wire }: { wire: string }) {
  const fen = parseWireAmount(wire) ?? 0;
  const neg = wire.startsWith('-');
  return <span className={neg ? 'amount-out' : 'amount-in'}>{`${neg ? '-' : '+'}${formatAmount(Math.abs(fen))}`}</span>;
}

/**
 * The line's kind as a player reads it: the catalogue's label for the journal kind, a reversal as 冲正 of its
 * kind, and 其他 for a kind the catalogue lacks — never the dotted key itself.
 */
export function kindLabel(t: (k: string, o?: Record<string, unknown>) => string, kind: string): string {
  const label = (k: string) => t(`records.kinds.${k.replace(/\./g, '_')}`, { defaultValue: '' });
  if (kind.endsWith('.reversal') && kind !== 'deposit.reversal') {
    const of = label(kind.slice(0, -'.reversal'.length));
    return of ? `${of} · ${t('records.kinds.reversal')}` : t('records.kinds.reversal');
  }
  return label(kind) || t('records.kinds.other');
}

export function TransRecordPage() {
  const { t } = useTranslation('wallet');
  const [preset, setPreset] = useState<Preset | null>('week');
  const [custom, setCustom] = useState<[Dayjs, Dayjs] | null>(null);
  const [type, setType] = useState<DealType | 0>(0);
  const [page, setPage] = useState(1);
  const [beginTime, endTime] = custom
    ? [custom[0].startOf('day').valueOf(), custom[1].endOf('day').valueOf()]
    : presetRange(preset ?? 'week');
  const query = { pageNum: page, pageSize: PAGE_SIZE, ...(type ? { type } : {}), beginTime, endTime };
  const records = useQuery({
    queryKey: [WALLET_KEY, 'records', query],
    queryFn: () => call(recordsApi.queryDealRecord, query),
    placeholderData: keepPreviousData,
  });

  return (
    <Panel>
      <div className="record-filters">
        <Segmented<Preset | 'custom'>
          value={custom ? 'custom' : (preset ?? 'week')}
          onChange={(v) => {
            if (v !== 'custom') {
              setPreset(v);
              setCustom(null);
              setPage(1);
            }
          }}
          options={[
            ...(['today', 'week', 'month'] as const).map((k) => ({ value: k, label: t(`records.${k}`) })),
            { value: 'custom', label: t('records.custom'), disabled: !custom },
          ]}
        />
        <DatePicker.RangePicker
          aria-label={t('records.range')}
          value={custom}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(v) => {
            setCustom(v && v[0] && v[1] ? [v[0], v[1]] : null);
            setPage(1);
          }}
        />
        <Select<DealType | 0>
          className="record-filters__type"
          value={type}
          aria-label={t('records.type')}
          onChange={(v) => {
            setType(v);
            setPage(1);
          }}
          options={[
            { value: 0, label: t('records.all') },
            ...Object.keys(DEAL_TYPES).map((k) => ({ value: Number(k) as DealType, label: t(`records.types.${k}`) })),
          ]}
        />
        <Button icon={<ReloadOutlined spin={records.isFetching} />} onClick={() => records.refetch()}>
          {t('wallet.refresh')}
        </Button>
      </div>
      <Table
        rowKey="id"
        size="middle"
        loading={records.isPending}
        dataSource={records.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: records.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        locale={{
          emptyText: records.isError ? (
            <EmptyState title={t('common.loadFailed')} action={<Button onClick={() => records.refetch()}>{t('common.retry')}</Button>} />
          ) : (
            <EmptyState icon={<FileSearchOutlined />} title={t('records.empty')} description={t('records.emptyText')} />
          ),
        }}
        columns={[
          { key: 'time', title: t('records.time'), render: (_, r) => secondText(r.time) },
          {
            key: 'type',
            title: t('records.type'),
            render: (_, r) => <Tag>{t(`records.types.${r.type}`, { defaultValue: r.typeName })}</Tag>,
          },
          {
            key: 'kind',
            title: t('records.detail'),
            // What, then where: 转入场馆 · 星辰真人, 游戏投注 · 竹韵棋牌 竹韵翻牌.
            render: (_, r) => (r.where ? `${kindLabel(t, r.kind)} · ${r.where}` : kindLabel(t, r.kind)),
          },
          { key: 'amount', title: t('records.amount'), align: 'right', render: (_, r) => <SignedAmount wire={r.amount} /> },
          { key: 'after', title: t('records.balanceAfter'), align: 'right', render: (_, r) => money(r.balanceAfter) },
          { key: 'status', title: t('records.status'), render: (_, r) => t(`records.statuses.${r.status}`, { defaultValue: r.status }) },
          { key: 'ref', title: t('records.ref'), dataIndex: 'ref', ellipsis: true },
        ]}
      />
    </Panel>
  );
}
