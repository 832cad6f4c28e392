/** 公告与跑马灯: the brand's notices with their state; publish (now or scheduled, marquee, optional zh-TW forms), withdraw. */
import { useState } from 'react';
import { Button, Collapse, DatePicker, Form, Input, Select, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { consoleContentApi as api, CONTENT_LIMITS, type NoticeRow } from '@portal/contract/console';
import { FormDialog, TitleAndText } from './FormDialog.tsx';
import { useConsoleList, useConsoleMutation, type ListFilters } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { NOTICE_CATEGORY_NAMES, STATE_TAGS, optionsOf } from './labels.ts';
import { publishedColumns, withdrawColumn } from './columns.tsx';

interface PublishValues {
  category: NoticeRow['category'];
  title: string;
  content: string;
  marquee: boolean;
  window?: [Dayjs | null, Dayjs | null] | null;
  titleZhTW?: string;
  contentZhTW?: string;
}

const STATE_OPTIONS = Object.entries(STATE_TAGS).map(([value, t]) => ({ value, label: t.text }));
const blank = (s?: string) => (s && s.trim() ? s.trim() : undefined);

export function PublishWindow() {
  return (
    <Form.Item name="window" label="展示时间" extra="不填开始时间即立即生效；不填结束时间即一直展示">
      <DatePicker.RangePicker showTime allowEmpty={[true, true]} format="YYYY-MM-DD HH:mm:ss" />
    </Form.Item>
  );
}

export const windowOf = (w: PublishValues['window']) => ({
  ...(w?.[0] ? { startAt: w[0].valueOf() } : {}),
  ...(w?.[1] ? { endAt: w[1].valueOf() } : {}),
});

function PublishDialog({ siteCode, open, onClose }: { siteCode: number; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<PublishValues>();
  const publish = useConsoleMutation(api.noticePublish, { success: '公告已发布', onSuccess: onClose });
  const submit = (v: PublishValues) =>
    publish.mutate({
      siteCode,
      category: v.category,
      title: v.title,
      content: v.content,
      marquee: v.marquee,
      ...windowOf(v.window),
      ...(blank(v.titleZhTW) ? { titleZhTW: blank(v.titleZhTW) } : {}),
      ...(blank(v.contentZhTW) ? { contentZhTW: blank(v.contentZhTW) } : {}),
    });
  return (
    <FormDialog title="发布公告" okText="发布" open={open} onClose={onClose} form={form} loading={publish.isPending}>
      <Form<PublishValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ category: 'notice', marquee: true }}
        preserve={false}
      >
        <Form.Item name="category" label="分类" rules={[{ required: true }]}>
          <Select options={optionsOf(NOTICE_CATEGORY_NAMES)} />
        </Form.Item>
        <TitleAndText />
        <Form.Item name="marquee" label="跑马灯" valuePropName="checked" extra="开启后在页面顶部滚动展示">
          <Switch />
        </Form.Item>
        <PublishWindow />
        <Collapse
          size="small"
          items={[
            {
              key: 'tw',
              label: '繁体版本（可选，不填则自动转换）',
              children: (
                <>
                  <Form.Item name="titleZhTW" label="繁体标题">
                    <Input maxLength={CONTENT_LIMITS.TITLE_MAX} />
                  </Form.Item>
                  <Form.Item name="contentZhTW" label="繁体内容">
                    <Input.TextArea rows={3} maxLength={CONTENT_LIMITS.CONTENT_MAX} />
                  </Form.Item>
                </>
              ),
            },
          ]}
        />
      </Form>
    </FormDialog>
  );
}

export default function NoticesPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('content.write');
  const [filters, setFilters] = useState<ListFilters<typeof api.noticeList>>({});
  const [open, setOpen] = useState(false);
  const list = useConsoleList(api.noticeList, { ...filters, ...(siteCode ? { siteCode } : {}) }, { enabled: siteCode !== null });
  const withdraw = useConsoleMutation(api.noticeWithdraw, { success: '公告已下架' });

  const columns: TableColumnsType<NoticeRow> = [
    { title: '标题', dataIndex: 'title', render: (t: string, r) => <Typography.Text title={r.content}>{t}</Typography.Text> },
    { title: '分类', dataIndex: 'category', width: 80, render: (c: string) => NOTICE_CATEGORY_NAMES[c] ?? c },
    { title: '跑马灯', dataIndex: 'marquee', width: 80, render: (m: boolean) => (m ? <Tag color="gold">跑马灯</Tag> : '-') },
    ...publishedColumns,
    { title: '发布人', dataIndex: 'createdBy', width: 110 },
    ...withdrawColumn<NoticeRow>(canWrite, '确定下架这条公告？', (id) => withdraw.mutate({ id })),
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          options={STATE_OPTIONS}
          onChange={(state?: NoticeRow['state']) => setFilters((f) => ({ ...f, state }))}
        />
        <Select
          allowClear
          placeholder="全部分类"
          style={{ width: 140 }}
          options={optionsOf(NOTICE_CATEGORY_NAMES)}
          onChange={(category?: NoticeRow['category']) => setFilters((f) => ({ ...f, category }))}
        />
        <Select
          allowClear
          placeholder="跑马灯与否"
          style={{ width: 140 }}
          options={[
            { value: 1, label: '仅跑马灯' },
            { value: 0, label: '非跑马灯' },
          ]}
          onChange={(m?: number) => setFilters((f) => ({ ...f, marquee: m === undefined ? undefined : m === 1 }))}
        />
        {canWrite && siteCode !== null && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            发布公告
          </Button>
        )}
      </Space>
      <Table<NoticeRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {siteCode !== null && <PublishDialog siteCode={siteCode} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
