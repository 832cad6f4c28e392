/** 意见反馈: member feedback by state, type, date and username; the detail with images; reply (the member sees it as unread). */
import { useState } from 'react';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Image,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { consoleDeskApi as api, FEEDBACK_REPLY_MAX, type FeedbackRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation, useConsoleQuery, type ListFilters } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime } from '../../lib/format.ts';
import { FEEDBACK_TYPE_NAMES, optionsOf } from './labels.ts';

interface SearchValues {
  status?: FeedbackRow['status'];
  type?: FeedbackRow['type'];
  range?: [Dayjs | null, Dayjs | null] | null;
  username?: string;
}

const statusTag = (r: FeedbackRow) =>
  r.status === 'pending' ? <Tag color="orange">待回复</Tag> : <Tag color="green">{r.replyRead ? '已回复·已读' : '已回复·未读'}</Tag>;

function Detail({ id, onClose }: { id: string; onClose(): void }) {
  const canReply = useCan('feedback.reply');
  const q = useConsoleQuery(api.feedbackDetail, { id });
  const [form] = Form.useForm<{ reply: string }>();
  const reply = useConsoleMutation(api.feedbackReply, { success: '回复已发送' });
  const f = q.data;
  return (
    <Drawer open title={f ? `反馈 ${f.ticketNo}` : '反馈'} size={640} onClose={onClose} loading={q.isPending}>
      {f && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="会员">{f.username}</Descriptions.Item>
            <Descriptions.Item label="类型">{FEEDBACK_TYPE_NAMES[f.type] ?? f.type}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{dateTime(f.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {statusTag(f)}
              {f.deleted && <Tag>会员已删除</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="内容">
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{f.content}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="图片">
              {f.images.length === 0 ? (
                '无'
              ) : (
                <Image.PreviewGroup>
                  <Space wrap>
                    {f.images.map((img) => (
                      <Image key={img.id} src={img.url} width={120} alt="反馈图片" />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              )}
            </Descriptions.Item>
            {f.reply && (
              <Descriptions.Item label="回复">
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{f.reply}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {f.repliedBy} · {dateTime(f.repliedAt)}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
          {canReply && (
            <Form
              form={form}
              layout="vertical"
              style={{ marginTop: 24 }}
              onFinish={(v) => reply.mutate({ id: f.id, reply: v.reply.trim() }, { onSuccess: () => form.resetFields() })}
            >
              <Form.Item
                name="reply"
                label={f.reply ? '修改回复' : '回复'}
                rules={[{ required: true, whitespace: true, message: '请输入回复内容' }]}
              >
                <Input.TextArea rows={4} maxLength={FEEDBACK_REPLY_MAX} showCount />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={reply.isPending}>
                发送回复
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  );
}

export default function FeedbackPage() {
  const { siteCode } = useSite();
  const [filters, setFilters] = useState<ListFilters<typeof api.feedbackList>>({ status: 'pending' });
  const [open, setOpen] = useState<string | null>(null);
  const list = useConsoleList(api.feedbackList, { ...filters, ...(siteCode ? { siteCode } : {}) }, { enabled: siteCode !== null });
  const onSearch = (v: SearchValues) =>
    setFilters({
      ...(v.status ? { status: v.status } : {}),
      ...(v.type ? { type: v.type } : {}),
      ...(v.username?.trim() ? { username: v.username.trim() } : {}),
      ...(v.range?.[0] ? { from: v.range[0].startOf('day').valueOf() } : {}),
      ...(v.range?.[1] ? { to: v.range[1].endOf('day').valueOf() + 1 } : {}),
    });
  const columns: TableColumnsType<FeedbackRow> = [
    { title: '编号', dataIndex: 'ticketNo', width: 150 },
    { title: '会员', dataIndex: 'username', width: 130 },
    { title: '类型', dataIndex: 'type', width: 100, render: (t: string) => FEEDBACK_TYPE_NAMES[t] ?? t },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '图片', dataIndex: 'images', width: 70, render: (i: FeedbackRow['images']) => (i.length ? `${i.length} 张` : '-') },
    { title: '状态', key: 'status', width: 120, render: (_: unknown, r) => statusTag(r) },
    { title: '提交时间', dataIndex: 'createdAt', width: 170, render: dateTime },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_: unknown, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          查看
        </Button>
      ),
    },
  ];
  return (
    <>
      <Form<SearchValues>
        layout="inline"
        onFinish={onSearch}
        initialValues={{ status: 'pending' }}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={[
              { value: 'pending', label: '待回复' },
              { value: 'replied', label: '已回复' },
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label="类型">
          <Select allowClear placeholder="全部" style={{ width: 130 }} options={optionsOf(FEEDBACK_TYPE_NAMES)} />
        </Form.Item>
        <Form.Item name="username" label="会员">
          <Input allowClear placeholder="用户名" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="range" label="日期">
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form>
      <Table<FeedbackRow>
        rowKey="id"
        size="middle"
        columns={columns}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
        {...list.tableProps}
      />
      {open && <Detail id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
