/**
 * 直播间: the brand's rooms (status, VIP gate, match, stream, online, gift income); open one, edit it, change its
 * status or destroy it; 管理 opens the room's chat for moderation (delete, mute, shadow-ban, clear) and the host's
 * score prediction. The word filter of the brand below. Every write is audited by the server.
 */
import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ROOM_STATUSES } from '@portal/contract';
import { consoleLiveApi as api, type ConsoleLiveRoom } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { ModerationDrawer } from './ModerationDrawer.tsx';
import { WordsPanel } from './WordsPanel.tsx';

export const STATUS_TAGS: Record<string, { text: string; color: string }> = {
  open: { text: '直播中', color: 'red' },
  paused: { text: '暂停发言', color: 'orange' },
  closed: { text: '已关闭', color: 'default' },
};

interface RoomValues {
  title: string;
  hostName: string;
  hostStaff: string;
  matchId?: string;
  minVip: number;
  streamUrl?: string;
}
const orNull = (s?: string) => (s && s.trim() ? s.trim() : null);

function RoomDialog({ siteCode, room, onClose }: { siteCode: number; room: ConsoleLiveRoom | 'new'; onClose(): void }) {
  const [form] = Form.useForm<RoomValues>();
  const create = useConsoleMutation(api.create, { success: '直播间已创建', onSuccess: onClose });
  const update = useConsoleMutation(api.update, { success: '直播间已更新', onSuccess: onClose });
  const editing = room !== 'new' ? room : null;
  const submit = (v: RoomValues) =>
    editing
      ? update.mutate({ roomId: editing.roomId, title: v.title, hostName: v.hostName, minVip: v.minVip, streamUrl: orNull(v.streamUrl) })
      : create.mutate({ siteCode, ...v, matchId: orNull(v.matchId), streamUrl: orNull(v.streamUrl) });
  return (
    <Modal
      title={editing ? '编辑直播间' : '创建直播间'}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<RoomValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          editing ? { ...editing, matchId: editing.matchId ?? undefined, streamUrl: editing.streamUrl ?? undefined } : { minVip: 0 }
        }
      >
        <Form.Item name="title" label="标题" rules={[{ required: true, max: 60 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="hostName" label="主播名称" rules={[{ required: true, max: 30 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="hostStaff" label="主播账号（员工）" rules={[{ required: true, max: 64 }]} extra="礼物收入记入该主播的账户">
          <Input disabled={!!editing} />
        </Form.Item>
        <Form.Item name="matchId" label="关联赛事ID" extra="不填则为独立直播间">
          <Input disabled={!!editing} />
        </Form.Item>
        <Form.Item name="minVip" label="发言最低VIP等级">
          <InputNumber min={0} max={20} />
        </Form.Item>
        <Form.Item
          name="streamUrl"
          label="HLS直播地址"
          extra="可不填：没有视频时显示赛事动画"
          rules={[{ pattern: /^https:\/\/\S+$/, message: '请填写https开头的地址' }]}
        >
          <Input placeholder="https://…/live.m3u8" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function RoomsPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('content.write');
  const list = useConsoleList(api.rooms, siteCode ? { siteCode } : {}, { enabled: siteCode !== null });
  const update = useConsoleMutation(api.update, { success: '已更新' });
  const destroy = useConsoleMutation(api.destroy, { success: '直播间已销毁' });
  const [editing, setEditing] = useState<ConsoleLiveRoom | 'new' | null>(null);
  const [moderating, setModerating] = useState<ConsoleLiveRoom | null>(null);
  const columns: TableColumnsType<ConsoleLiveRoom> = [
    { title: '标题', dataIndex: 'title' },
    { title: '主播', dataIndex: 'hostName', width: 120, render: (n: string, r) => `${n}（${r.hostStaff}）` },
    {
      title: '状态',
      dataIndex: 'status',
      width: 130,
      render: (s: ConsoleLiveRoom['status'], r) =>
        r.destroyed ? (
          <Tag>已销毁</Tag>
        ) : canWrite ? (
          <Select
            size="small"
            value={s}
            style={{ width: 110 }}
            options={ROOM_STATUSES.map((value) => ({ value, label: STATUS_TAGS[value]!.text }))}
            onChange={(status: ConsoleLiveRoom['status']) => update.mutate({ roomId: r.roomId, status })}
          />
        ) : (
          <Tag color={STATUS_TAGS[s]?.color}>{STATUS_TAGS[s]?.text ?? s}</Tag>
        ),
    },
    { title: 'VIP门槛', dataIndex: 'minVip', width: 80, render: (v: number) => (v ? `VIP${v}` : '无') },
    { title: '赛事', dataIndex: 'matchId', width: 110, render: (m: string | null) => m ?? '独立' },
    { title: '视频', dataIndex: 'streamUrl', width: 70, render: (u: string | null) => (u ? <Tag color="blue">HLS</Tag> : '-') },
    { title: '在线', dataIndex: 'online', width: 60 },
    { title: '礼物收入', dataIndex: 'giftFen', width: 100, render: (f: number) => yuan(f) },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: (t: number) => dateTime(t) },
    {
      title: '操作',
      width: 190,
      render: (_: unknown, r) =>
        r.destroyed ? null : (
          <Space size="small">
            <Button size="small" onClick={() => setModerating(r)}>
              管理
            </Button>
            {canWrite && (
              <Button size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
            )}
            {canWrite && (
              <Popconfirm title="销毁后房间内所有人将被移出，确定？" onConfirm={() => destroy.mutate({ roomId: r.roomId })}>
                <Button size="small" danger>
                  销毁
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <>
      {canWrite && siteCode !== null && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
          创建直播间
        </Button>
      )}
      <Table<ConsoleLiveRoom> rowKey="roomId" size="middle" columns={columns} {...list.tableProps} scroll={{ x: 1100 }} />
      {siteCode !== null && editing && <RoomDialog siteCode={siteCode} room={editing} onClose={() => setEditing(null)} />}
      {moderating && <ModerationDrawer room={moderating} canWrite={canWrite} onClose={() => setModerating(null)} />}
      {siteCode !== null && <WordsPanel siteCode={siteCode} canWrite={canWrite} />}
    </>
  );
}
