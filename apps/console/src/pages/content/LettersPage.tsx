/** 站内信: letters sent on the brand (audience by username, VIP range, registration window or everyone); send; revoke. */
import { useState } from 'react';
import { Button, DatePicker, Form, InputNumber, Modal, Popconfirm, Radio, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  consoleContentApi as api,
  LETTER_TYPES,
  PERSONAL_LETTER_TYPES,
  type LetterAudience,
  type LetterRow,
} from '@portal/contract/console';
import { FormDialog, TitleAndText } from './FormDialog.tsx';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { date, dateTime } from '../../lib/format.ts';
import { LETTER_TYPE_NAMES } from './labels.ts';

type Kind = LetterAudience['kind'];
interface Values {
  kind: Kind;
  usernames?: string[];
  vipMin?: number;
  vipMax?: number;
  registered?: [Dayjs, Dayjs];
  type: LetterRow['type'];
  title: string;
  content: string;
  startAt?: Dayjs | null;
}

export function audienceText(a: LetterAudience): string {
  switch (a.kind) {
    case 'all':
      return '全体会员';
    case 'members':
      return `会员：${a.usernames.slice(0, 5).join('、')}${a.usernames.length > 5 ? ` 等 ${a.usernames.length} 人` : ''}`;
    case 'vip':
      return `VIP${a.min}-VIP${a.max}`;
    case 'registered':
      return `注册于 ${date(a.from)} 至 ${date(a.to)}`;
  }
}

function audienceOf(v: Values): LetterAudience {
  if (v.kind === 'members') return { kind: 'members', usernames: (v.usernames ?? []).map((x) => x.trim()).filter(Boolean) };
  if (v.kind === 'vip') return { kind: 'vip', min: v.vipMin ?? 0, max: v.vipMax ?? 0 };
  if (v.kind === 'registered')
    return { kind: 'registered', from: v.registered![0].startOf('day').valueOf(), to: v.registered![1].endOf('day').valueOf() + 1 };
  return { kind: 'all' };
}

function SendDialog({ siteCode, open, onClose }: { siteCode: number; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'members';
  const usernames = Form.useWatch('usernames', form) ?? [];
  const personal = kind === 'members' && usernames.length === 1;
  const types = personal ? PERSONAL_LETTER_TYPES : LETTER_TYPES;
  const send = useConsoleMutation(api.letterSend, {
    success: false,
    onSuccess: (r) => {
      Modal.success({ title: '站内信已发送', content: `共送达 ${r.recipients} 位会员` });
      onClose();
    },
  });
  const submit = (v: Values) =>
    send.mutate({
      siteCode,
      audience: audienceOf(v),
      type: v.type,
      title: v.title,
      content: v.content,
      ...(v.startAt ? { startAt: v.startAt.valueOf() } : {}),
    });
  return (
    <FormDialog title="发送站内信" okText="发送" open={open} onClose={onClose} form={form} loading={send.isPending}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ kind: 'members', type: 'notice' }} preserve={false}>
        <Form.Item name="kind" label="发送对象">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'members', label: '指定会员' },
              { value: 'all', label: '全体会员' },
              { value: 'vip', label: 'VIP 等级' },
              { value: 'registered', label: '注册时间' },
            ]}
          />
        </Form.Item>
        {kind === 'members' && (
          <Form.Item
            name="usernames"
            label="会员用户名"
            rules={[{ required: true, message: '请输入至少一个用户名' }]}
            extra="输入用户名后回车，可输入多个"
          >
            <Select mode="tags" tokenSeparators={[',', '，', ' ']} open={false} placeholder="用户名" />
          </Form.Item>
        )}
        {kind === 'vip' && (
          <Space>
            <Form.Item name="vipMin" label="最低等级" rules={[{ required: true, message: '必填' }]}>
              <InputNumber min={0} max={999} />
            </Form.Item>
            <Form.Item name="vipMax" label="最高等级" rules={[{ required: true, message: '必填' }]}>
              <InputNumber min={0} max={999} />
            </Form.Item>
          </Space>
        )}
        {kind === 'registered' && (
          <Form.Item name="registered" label="注册日期" rules={[{ required: true, message: '请选择日期范围' }]}>
            <DatePicker.RangePicker />
          </Form.Item>
        )}
        <Form.Item
          name="type"
          label="消息类型"
          rules={[{ required: true }]}
          extra={personal ? '发给单个会员时可选系统通知、活动消息或资金消息' : undefined}
        >
          <Select options={types.map((t) => ({ value: t, label: LETTER_TYPE_NAMES[t] }))} />
        </Form.Item>
        <TitleAndText />
        <Form.Item name="startAt" label="定时发送" extra="不填即立即送达">
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

export default function LettersPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('content.write');
  const [open, setOpen] = useState(false);
  const list = useConsoleList(api.letterList, siteCode ? { siteCode } : {}, { enabled: siteCode !== null });
  const revoke = useConsoleMutation(api.letterRevoke, { success: '站内信已撤回' });
  const columns: TableColumnsType<LetterRow> = [
    { title: '标题', dataIndex: 'title' },
    { title: '类型', dataIndex: 'type', width: 100, render: (t: string) => LETTER_TYPE_NAMES[t] ?? t },
    { title: '发送对象', dataIndex: 'audience', render: audienceText },
    { title: '送达', dataIndex: 'recipients', width: 80 },
    { title: '已读', dataIndex: 'read', width: 80 },
    { title: '送达时间', dataIndex: 'startAt', width: 170, render: dateTime },
    { title: '发送人', dataIndex: 'createdBy', width: 110 },
    {
      title: '状态',
      dataIndex: 'revokedAt',
      width: 90,
      render: (t: number | null, r) =>
        t ? <Tag color="red">已撤回</Tag> : r.startAt > Date.now() ? <Tag color="blue">待发送</Tag> : <Tag color="green">已送达</Tag>,
    },
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'op',
            width: 90,
            render: (_: unknown, r: LetterRow) =>
              r.revokedAt ? null : (
                <Popconfirm
                  title="撤回后会员将看不到这封站内信，确定撤回？"
                  okText="撤回"
                  cancelText="取消"
                  onConfirm={() => revoke.mutate({ id: r.id })}
                >
                  <Button type="link" danger size="small">
                    撤回
                  </Button>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      {canWrite && siteCode !== null && (
        <Button type="primary" icon={<SendOutlined />} style={{ marginBottom: 16 }} onClick={() => setOpen(true)}>
          发送站内信
        </Button>
      )}
      <Table<LetterRow>
        rowKey="id"
        size="middle"
        columns={columns}
        expandable={{ expandedRowRender: (r) => r.content }}
        {...list.tableProps}
      />
      {siteCode !== null && <SendDialog siteCode={siteCode} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
