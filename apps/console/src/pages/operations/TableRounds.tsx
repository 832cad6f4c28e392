/**
 * 桌台开奖 (游戏管理's tab): the rounds of a house table (CRZR) or lottery (CRCP), newest first — status, seed hash (the
 * seed once settled or cancelled), outcome, bets, stakes and payouts — refreshed every 5 s while shown; a round not
 * yet settled can be cancelled (every bet on it refunded) by deployment-wide games staff (games.rounds; after betting closed, two of them).
 */
import { useState } from 'react';
import dayjs from 'dayjs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { consoleGamesApi, type ConsoleTableRound } from '@portal/contract/console';
import { call, type ConsoleError } from '../../api/client.ts';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan, useMe } from '../../app/staff.tsx';
import { date, dateTime, yuan } from '../../lib/format.ts';
import { ROUND_STATUS_TAGS, cancelledByText, isOpenRound, outcomeText, shortHash } from './tableRoundText.ts';

export const TABLE_ROUNDS_POLL_MS = 5_000;
/** The house venues whose games are tables with rounds: card/dice/wheel tables and the lottery draws. */
const TABLE_VENUES = [
  { venue: 'CRZR', label: '自营桌台' },
  { venue: 'CRCP', label: '自营彩票' },
  { venue: 'CRQP', label: '自营棋牌' },
] as const;

/** The tables of the house venues at the brand chosen in the header, grouped by venue. */
function useTableOptions() {
  const { siteCode } = useSite();
  const body = (venue: string) => ({ siteCode: siteCode ?? 0, venue, pageSize: 50 });
  const zr = useConsoleQuery(consoleGamesApi.list, body('CRZR'), { enabled: siteCode !== null });
  const cp = useConsoleQuery(consoleGamesApi.list, body('CRCP'), { enabled: siteCode !== null });
  const qp = useConsoleQuery(consoleGamesApi.list, body('CRQP'), { enabled: siteCode !== null });
  const groups = TABLE_VENUES.map((v, k) => ({
    label: v.label,
    options: ([zr, cp, qp][k]!.data?.list ?? []).map((g) => ({ value: g.code, label: `${g.name}（${g.code}）`, name: g.name })),
  })).filter((g) => g.options.length > 0);
  return { groups, loading: zr.isPending || cp.isPending || qp.isPending, error: zr.error ?? cp.error ?? qp.error };
}

function Hash({ value }: { value: string }) {
  return (
    <Typography.Text code copyable={{ text: value, tooltips: ['复制', '已复制'] }} title={value}>
      {shortHash(value)}
    </Typography.Text>
  );
}

interface Picked {
  code?: string;
  page: number;
  pageSize: number;
}

export default function TableRounds() {
  const me = useMe();
  // Tables are shared by every brand: the server takes a cancel from deployment-wide staff only.
  const canCancel = useCan('games.rounds') && me.sites === null;
  const tables = useTableOptions();
  const [picked, setPicked] = useState<Picked>({ page: 1, pageSize: 20 });
  const all = tables.groups.flatMap((g) => g.options);
  const table = all.find((o) => o.value === picked.code) ?? all[0];
  const code = table?.value;
  const { page, pageSize } = picked;
  const rounds = useQuery({
    queryKey: ['console', 'games/tableRounds', code, page, pageSize],
    queryFn: ({ signal }) => call(consoleGamesApi.tableRounds, { code: code!, page, pageSize }, { signal }),
    enabled: code !== undefined,
    refetchInterval: TABLE_ROUNDS_POLL_MS,
    // Another page of the same table keeps the rows until it answers; another table starts empty.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[2] === code ? keepPreviousData(prev) : undefined),
    retry: false,
  });
  const [cancelling, setCancelling] = useState<ConsoleTableRound | null>(null);

  const columns: TableColumnsType<ConsoleTableRound> = [
    { title: '期号', dataIndex: 'issue' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: ConsoleTableRound['status'], r) => (
        <Space orientation="vertical" size={0}>
          <Tag color={ROUND_STATUS_TAGS[s]?.color}>{ROUND_STATUS_TAGS[s]?.text ?? s}</Tag>
          {r.cancelledBy && <span style={{ color: '#999' }}>{cancelledByText(r.cancelledBy)} 取消</span>}
        </Space>
      ),
    },
    { title: '开奖结果', dataIndex: 'outcome', render: (o: unknown) => outcomeText(o) },
    { title: '种子哈希', dataIndex: 'seedHash', render: (h: string) => <Hash value={h} /> },
    {
      title: '种子',
      dataIndex: 'serverSeed',
      render: (s: string | null) => (s ? <Hash value={s} /> : <span style={{ color: '#999' }}>结算后公开</span>),
    },
    { title: '注单数', dataIndex: 'bets', align: 'right' },
    { title: '投注额（元）', dataIndex: 'stakeFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '派彩（元）', dataIndex: 'payoutFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '开局时间', dataIndex: 'openedAt', render: dateTime },
    {
      title: '结算时间',
      dataIndex: 'settledAt',
      // The time only when the round settled on the day it opened (nearly always): the table stays narrow.
      render: (at: number | null, r) => (at && date(at) === date(r.openedAt) ? dayjs(at).format('HH:mm:ss') : dateTime(at)),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      render: (_v, r) =>
        canCancel &&
        isOpenRound(r) && (
          <Button size="small" danger onClick={() => setCancelling(r)}>
            取消本局
          </Button>
        ),
    },
  ];

  const error = (tables.error ?? rounds.error) as ConsoleError | null;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          aria-label="桌台"
          placeholder="选择桌台"
          style={{ width: 240 }}
          loading={tables.loading}
          value={code}
          onChange={(c: string) => setPicked({ code: c, page: 1, pageSize })}
          options={tables.groups}
        />
        <span style={{ color: '#999' }}>每 5 秒自动刷新；种子哈希开局即公布，种子在结算或取消后公开，供会员验证公平性。</span>
      </Space>
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 16 }} />}
      {!tables.loading && !tables.error && all.length === 0 && (
        <Alert type="info" showIcon title="本品牌没有自营桌台或自营彩票游戏。" style={{ marginBottom: 16 }} />
      )}
      <Table
        rowKey="seq"
        // One line per round: hashes, issues and times do not wrap; the table scrolls sideways on a narrow screen.
        columns={columns.map((c) => ({ ...c, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) }))}
        dataSource={rounds.data?.list ?? []}
        // The 5-second refresh is silent; a first load, another page or another table shows the spinner.
        loading={(rounds.isPending && code !== undefined) || (rounds.isPlaceholderData && rounds.isFetching)}
        pagination={{
          current: page,
          pageSize,
          total: rounds.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 局`,
          onChange: (p, size) => setPicked({ code, page: size !== pageSize ? 1 : p, pageSize: size }),
        }}
        scroll={{ x: 'max-content' }}
      />
      {cancelling && code && (
        <CancelRoundModal code={code} tableName={table?.name ?? code} round={cancelling} onClose={() => setCancelling(null)} />
      )}
    </>
  );
}

const REASON_MIN = 2;
const REASON_MAX = 200;

/** 取消本局: a reason of 2–200 characters; every bet on the round is refunded. */
function CancelRoundModal({
  code,
  tableName,
  round,
  onClose,
}: {
  code: string;
  tableName: string;
  round: ConsoleTableRound;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const cancel = useConsoleMutation(consoleGamesApi.cancelRound, {
    success: false,
    onSuccess: (r) => {
      // After betting closed a cancellation takes two games staff: the first call only asks.
      if (r.pendingApproval) void message.info(`第 ${round.issue} 期作废申请已提交，须另一位游戏运营人员复核后生效`);
      else void message.success(`第 ${round.issue} 期已取消，已退还 ${r.refunded} 张注单`);
      onClose();
    },
  });
  return (
    <Modal
      open
      title={`取消本局：${tableName} 第 ${round.issue} 期`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="确认取消本局"
      okButtonProps={{ danger: true }}
      cancelText="返回"
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="本局所有注单将全额退还给会员，本局作废且不可恢复。"
        description={`当前 ${round.bets} 张注单，投注额 ${yuan(round.stakeFen)} 元；取消后本局种子随即公开。停止下注后作废须两位游戏运营人员（申请与复核），已开出的结果照常公布。`}
      />
      <Form form={form} layout="vertical" onFinish={(v) => cancel.mutate({ code, seq: round.seq, reason: v.reason.trim() })}>
        <Form.Item
          name="reason"
          label="取消原因"
          rules={[
            {
              validator: (_r, v: string | undefined) => {
                const n = (v ?? '').trim().length;
                if (n === 0) return Promise.reject(new Error('请填写取消原因'));
                if (n < REASON_MIN || n > REASON_MAX) return Promise.reject(new Error(`取消原因为 ${REASON_MIN}–${REASON_MAX} 个字`));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount placeholder="如：开奖异常，经核查作废本局" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
