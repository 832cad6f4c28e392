/** The bets of an event (or a ticket, or a member): restore a settled bet, cancel a bet with a reason. */
import { useState } from 'react';
import { App, Button, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { consoleSportApi, type SportBetRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { CANCEL_CODES, STATE_TAGS, betResultName } from './labels.ts';

const odds = (milli: number) => (milli / 1000).toFixed(2);

export function SportBets({ filters }: { filters: { eventId?: string; ticketId?: string; username?: string; siteCode?: number } }) {
  const canWrite = useCan('sport.write');
  const { modal } = App.useApp();
  const [cancelling, setCancelling] = useState<SportBetRow | null>(null);
  const [code, setCode] = useState('D0');
  const list = useConsoleList(consoleSportApi.bets, filters);
  const restore = useConsoleMutation(consoleSportApi.restore, { success: '注单已恢复，将重新结算' });
  const cancel = useConsoleMutation(consoleSportApi.cancel, { success: '注单已取消，本金已退回', onSuccess: () => setCancelling(null) });

  const columns: TableColumnsType<SportBetRow> = [
    { title: '注单号', dataIndex: 'ticketId' },
    { title: '会员', dataIndex: 'username' },
    { title: '下注时间', dataIndex: 'createdAt', render: dateTime },
    {
      title: '投注内容',
      key: 'legs',
      render: (_v, r) => (
        <Space orientation="vertical" size={0}>
          {r.legs.map((l, k) => (
            <span key={k}>
              {l.match} · {l.pick} @{odds(l.oddsMilli)} {l.result !== null && <Tag>{betResultName(l.result)}</Tag>}
            </span>
          ))}
        </Space>
      ),
    },
    { title: '本金（元）', dataIndex: 'stakeFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '状态', dataIndex: 'status', render: (s: string) => <Tag color={STATE_TAGS[s]?.color}>{STATE_TAGS[s]?.text ?? s}</Tag> },
    { title: '结果', dataIndex: 'result', render: betResultName },
    { title: '派彩（元）', dataIndex: 'payoutFen', align: 'right', render: (f: number) => yuan(f) },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        canWrite && (
          <Space>
            {r.status === 'settled' && (
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: `恢复注单 ${r.ticketId}？`,
                    content: '派彩将被收回，注单回到未结算，随后按赛果重新结算。',
                    okText: '恢复',
                    onOk: () => restore.mutateAsync({ ticketId: r.ticketId }),
                  })
                }
              >
                恢复
              </Button>
            )}
            {r.status !== 'rejected' && (
              <Button size="small" danger onClick={() => setCancelling(r)}>
                取消
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <>
      <Table rowKey="ticketId" size="small" columns={columns} {...list.tableProps} />
      <Modal
        title={cancelling ? `取消注单 ${cancelling.ticketId}` : ''}
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onOk={() => cancelling && cancel.mutate({ ticketId: cancelling.ticketId, code })}
        okText="取消注单"
        okButtonProps={{ danger: true }}
        cancelText="返回"
        confirmLoading={cancel.isPending}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>本金退回会员，注单按所选原因作废。</span>
          <Select value={code} onChange={setCode} options={CANCEL_CODES} style={{ width: 240 }} />
        </Space>
      </Modal>
    </>
  );
}
