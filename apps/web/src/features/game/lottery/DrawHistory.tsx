/**
 * 开奖历史: the last draws (tableHistory, newest first, paged): issue, numbers, and what they make — 和值 (快三),
 * 总和 (五星彩) or 冠亚和 (极速赛车), 大小, 单双 — and each draw's 公平性验证 folded in the row: the hash shown before
 * the draw, the seed revealed after, and the browser's own check of both.
 */
import { useState } from 'react';
import { Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TableHistoryEntryWire } from '@portal/contract';
import { errorMessage } from '../../../api/errors.ts';
import { secondText } from '../../../ui/time/format.ts';
import { lotteryCall, type LotteryKind } from './api.ts';
import { DrawNumbers } from './art.tsx';
import { verifyDraw } from './fair.ts';
import { numbersOf, summarize } from './trend.ts';
import './trend.css';
import { historyKey } from './useDraw.ts';

export const HISTORY_PAGE_SIZE = 10;

function Fairness({ kind, gameCode, row }: { kind: LotteryKind; gameCode: string; row: TableHistoryEntryWire }) {
  const { t } = useTranslation('lottery');
  const check = row.status === 'settled' && row.serverSeed ? verifyDraw(kind, gameCode, row) : null;
  return (
    <div className="lottery-fair" data-testid="lottery-fair">
      <p>
        {t('fair.hash')}:{' '}
        <Typography.Text code copyable>
          {row.seedHash}
        </Typography.Text>
      </p>
      <p>
        {t('fair.seed')}:{' '}
        <Typography.Text code copyable>
          {row.serverSeed}
        </Typography.Text>
      </p>
      {check && (
        <p>
          {check.commitment && check.numbers ? (
            <Tag icon={<CheckCircleOutlined />} color="success">
              {t('fair.pass')}
            </Tag>
          ) : (
            <Tag icon={<CloseCircleOutlined />} color="error">
              {t('fair.fail')}
            </Tag>
          )}
          <span className="muted">{t('fair.how', { client: `${gameCode}:${row.seq}` })}</span>
        </p>
      )}
    </div>
  );
}

export function DrawHistory({ enName, gameCode, kind }: { enName: string; gameCode: string; kind: LotteryKind }) {
  const { t } = useTranslation('lottery');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...historyKey(gameCode), 'page', page],
    queryFn: () => lotteryCall(enName, gameCode, 'tableHistory', { gameCode, pageNum: page, pageSize: HISTORY_PAGE_SIZE }),
    refetchOnWindowFocus: false,
    placeholderData: (prev) => prev,
  });
  const sumTitle = t(`sumName.${kind}`);
  return (
    <section className="lottery-history" data-testid="lottery-history">
      {q.error && <p className="lottery-error">{errorMessage(q.error)}</p>}
      <Table<TableHistoryEntryWire>
        size="small"
        rowKey="seq"
        scroll={{ x: 'max-content' }}
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: HISTORY_PAGE_SIZE,
          total: q.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        expandable={{
          expandedRowRender: (row) => <Fairness kind={kind} gameCode={gameCode} row={row} />,
          expandIcon: ({ expanded, onExpand, record }) => (
            <button type="button" className="lottery-fair__toggle" onClick={(e) => onExpand(record, e)} aria-expanded={expanded}>
              {t('fair.open')}
            </button>
          ),
          expandIconColumnIndex: 6,
        }}
        locale={{ emptyText: t('history.empty') }}
        columns={[
          { title: t('history.issue'), dataIndex: 'issue', key: 'issue' },
          {
            title: t('history.numbers'),
            key: 'numbers',
            render: (_, row) => {
              const n = numbersOf(kind, row.outcome);
              return n ? <DrawNumbers kind={kind} numbers={n} size={kind === 'race10' ? 20 : 24} /> : <Tag>{t('history.cancelled')}</Tag>;
            },
          },
          ...(['sum', 'size', 'parity'] as const).map((col) => ({
            title: col === 'sum' ? sumTitle : t(`history.${col}`),
            key: col,
            render: (_: unknown, row: TableHistoryEntryWire) => {
              const n = numbersOf(kind, row.outcome);
              if (!n) return '—';
              const s = summarize(kind, n);
              if (col === 'sum') return <b>{s.sum}</b>;
              const v = s[col];
              return <span className={`lottery-mark lottery-mark--${v}`}>{t(`side.${v}`)}</span>;
            },
          })),
          { title: t('history.time'), key: 'time', render: (_, row) => secondText(row.drawAt) },
        ]}
      />
    </section>
  );
}
