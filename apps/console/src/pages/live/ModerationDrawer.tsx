/** A room's chat for moderators: newest first, deleted and shadow messages marked; delete, mute, shadow-ban, clear; the host's prediction. */
import { useState } from 'react';
import { Button, Drawer, InputNumber, Input, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LIVE_GIFTS } from '@portal/contract';
import { consoleLiveApi as api, type ConsoleChatLine, type ConsoleLiveRoom } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { dateTime } from '../../lib/format.ts';

const MUTE_MINUTES = [10, 60, 24 * 60];
/** A gift's line ('code:count') by the gift's name. */
const giftLine = (t: string) => {
  const [code, count] = t.split(':');
  return `送出 ${LIVE_GIFTS.find((g) => g.code === code)?.name['zh-CN'] ?? code} ×${count}`;
};

function Predict({ roomId }: { roomId: string }) {
  const [h, setH] = useState(0);
  const [c, setC] = useState(0);
  const [note, setNote] = useState('');
  const predict = useConsoleMutation(api.predict, { success: '预测已推送' });
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      主播预测
      <InputNumber min={0} max={99} value={h} onChange={(v) => setH(v ?? 0)} aria-label="主队" />
      :
      <InputNumber min={0} max={99} value={c} onChange={(v) => setC(v ?? 0)} aria-label="客队" />
      <Input placeholder="说明（可选）" maxLength={60} value={note} onChange={(e) => setNote(e.target.value)} style={{ width: 180 }} />
      <Button loading={predict.isPending} onClick={() => predict.mutate({ roomId, scoreH: h, scoreC: c, note })}>
        推送预测
      </Button>
    </Space>
  );
}

export function ModerationDrawer({ room, canWrite, onClose }: { room: ConsoleLiveRoom; canWrite: boolean; onClose(): void }) {
  const list = useConsoleList(api.messages, { roomId: room.roomId }, { pageSize: 50 });
  const moderate = useConsoleMutation(api.moderate, { success: '已处理' });
  const act = (body: Omit<Parameters<typeof moderate.mutate>[0], 'roomId'>) => moderate.mutate({ roomId: room.roomId, ...body });
  const columns: TableColumnsType<ConsoleChatLine> = [
    { title: '时间', dataIndex: 'createdAt', width: 150, render: (t: number) => dateTime(t) },
    { title: '会员', dataIndex: 'name', width: 110, render: (n: string, r) => (r.vip ? `${n} VIP${r.vip}` : n) },
    {
      title: '内容',
      dataIndex: 'text',
      render: (t: string, r) => (
        <>
          <Typography.Text delete={r.deletedBy !== null}>{r.kind === 'gift' ? giftLine(t) : t}</Typography.Text>{' '}
          {r.kind === 'gift' && <Tag color="gold">礼物</Tag>}
          {r.shadow && <Tag color="purple">仅自己可见</Tag>}
          {r.deletedBy && <Tag>已删（{r.deletedBy}）</Tag>}
        </>
      ),
    },
    ...(canWrite
      ? [
          {
            title: '操作',
            width: 260,
            render: (_: unknown, r: ConsoleChatLine) => (
              <Space size={4} wrap>
                {r.deletedBy === null && (
                  <Button size="small" onClick={() => act({ action: 'delete', messageId: r.id })} data-testid="mod-delete">
                    删除
                  </Button>
                )}
                {MUTE_MINUTES.map((m) => (
                  <Button key={m} size="small" onClick={() => act({ action: 'mute', memberId: r.memberId, minutes: m })}>
                    禁言{m >= 60 ? `${m / 60}小时` : `${m}分钟`}
                  </Button>
                ))}
                <Button size="small" onClick={() => act({ action: r.shadow ? 'unshadow' : 'shadow', memberId: r.memberId })}>
                  {r.shadow ? '解除隐身禁言' : '隐身禁言'}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Drawer open onClose={onClose} title={`管理：${room.title}`} size={900} destroyOnHidden>
      {canWrite && (
        <>
          <Predict roomId={room.roomId} />
          <Popconfirm title="清空后所有人的聊天记录都将移除，确定？" onConfirm={() => act({ action: 'clear' })}>
            <Button danger style={{ marginBottom: 12, marginLeft: 8 }}>
              清屏
            </Button>
          </Popconfirm>
        </>
      )}
      <Table<ConsoleChatLine> rowKey="id" size="small" columns={columns} {...list.tableProps} />
    </Drawer>
  );
}
