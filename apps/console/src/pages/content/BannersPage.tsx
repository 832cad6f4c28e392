/** 轮播图: the brand's banners (and navigation / sponsor items) with previews; publish with an uploaded image or the brand's art; withdraw. */
import { useState } from 'react';
import { Button, Form, Image, Input, InputNumber, Select, Space, Table, Upload, type TableColumnsType } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { consoleContentApi as api, CONTENT_LIMITS, type AdRow } from '@portal/contract/console';
import { FormDialog } from './FormDialog.tsx';
import { useConsoleList, useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { AD_POSITION_NAMES, STATE_TAGS, optionsOf } from './labels.ts';
import { publishedColumns, withdrawColumn } from './columns.tsx';
import { PublishWindow, windowOf } from './NoticesPage.tsx';

interface Values {
  position: AdRow['position'];
  title: string;
  imageUrl: string;
  linkUrl?: string;
  content?: string;
  sort: number;
  window?: [Dayjs | null, Dayjs | null] | null;
}

/** What the browser shows for a stored address (`{locale}`: the drawn text's language). */
const preview = (url: string) => url.replaceAll('{locale}', 'zh-CN');

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(new Error('读取图片失败'));
    r.readAsDataURL(file);
  });

function PublishDialog({ siteCode, open, onClose }: { siteCode: number; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const art = useConsoleQuery(api.adArt, { siteCode }, { enabled: open });
  const upload = useConsoleMutation(api.adUpload, { success: '图片已上传', onSuccess: (r) => form.setFieldValue('imageUrl', r.url) });
  const publish = useConsoleMutation(api.adPublish, { success: '轮播图已发布', onSuccess: onClose });
  const imageUrl = Form.useWatch('imageUrl', form);
  const submit = (v: Values) =>
    publish.mutate({
      siteCode,
      position: v.position,
      title: v.title,
      imageUrl: v.imageUrl,
      linkUrl: v.linkUrl?.trim() ?? '',
      content: v.content?.trim() ?? '',
      sort: v.sort,
      ...windowOf(v.window),
    });
  return (
    <FormDialog title="发布轮播图" okText="发布" open={open} onClose={onClose} form={form} loading={publish.isPending} width={680}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ position: 'banner', sort: 0 }} preserve={false}>
        <Form.Item name="position" label="位置" rules={[{ required: true }]}>
          <Select options={optionsOf(AD_POSITION_NAMES)} />
        </Form.Item>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input maxLength={CONTENT_LIMITS.TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item label="图片" required>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Upload
                accept="image/png,image/jpeg,image/gif,image/webp"
                showUploadList={false}
                beforeUpload={(file) => {
                  void readDataUrl(file).then((image) => upload.mutate({ siteCode, image }));
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={upload.isPending}>
                  上传图片
                </Button>
              </Upload>
              <Select
                placeholder="或选择品牌素材"
                style={{ width: 280 }}
                loading={art.isPending}
                options={(art.data ?? []).map((a) => ({ value: a.url, label: a.label }))}
                onChange={(url: string) => form.setFieldValue('imageUrl', url)}
              />
            </Space>
            <Form.Item name="imageUrl" noStyle rules={[{ required: true, message: '请上传图片或选择素材' }]}>
              <Input placeholder="图片地址（http(s):// 或站内路径）" />
            </Form.Item>
            {imageUrl && <Image src={preview(imageUrl)} alt="预览" height={120} />}
          </Space>
        </Form.Item>
        <Form.Item name="linkUrl" label="点击跳转" extra="站内路径如 /activity/discount，或 http(s):// 地址；可不填">
          <Input />
        </Form.Item>
        <Form.Item name="content" label="说明文字">
          <Input.TextArea rows={2} maxLength={CONTENT_LIMITS.CONTENT_MAX} />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字小的排在前面">
          <InputNumber min={-999} max={9999} />
        </Form.Item>
        <PublishWindow />
      </Form>
    </FormDialog>
  );
}

export default function BannersPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('content.write');
  const [position, setPosition] = useState<AdRow['position'] | undefined>('banner');
  const [state, setState] = useState<AdRow['state'] | undefined>();
  const [open, setOpen] = useState(false);
  const list = useConsoleList(
    api.adList,
    { ...(siteCode ? { siteCode } : {}), ...(position ? { position } : {}), ...(state ? { state } : {}) },
    { enabled: siteCode !== null },
  );
  const withdraw = useConsoleMutation(api.adWithdraw, { success: '已下架' });
  const columns: TableColumnsType<AdRow> = [
    { title: '图片', dataIndex: 'imageUrl', width: 180, render: (u: string) => <Image src={preview(u)} alt="" width={160} /> },
    { title: '标题', dataIndex: 'title' },
    { title: '位置', dataIndex: 'position', width: 100, render: (p: string) => AD_POSITION_NAMES[p] ?? p },
    { title: '跳转', dataIndex: 'linkUrl', render: (l: string) => l || '-' },
    { title: '排序', dataIndex: 'sort', width: 70 },
    ...publishedColumns,
    ...withdrawColumn<AdRow>(canWrite, '确定下架？', (id) => withdraw.mutate({ id })),
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="全部位置"
          value={position}
          style={{ width: 140 }}
          options={optionsOf(AD_POSITION_NAMES)}
          onChange={setPosition}
        />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          options={Object.entries(STATE_TAGS).map(([value, t]) => ({ value, label: t.text }))}
          onChange={(s?: AdRow['state']) => setState(s)}
        />
        {canWrite && siteCode !== null && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            发布轮播图
          </Button>
        )}
      </Space>
      <Table<AdRow> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
      {siteCode !== null && <PublishDialog siteCode={siteCode} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
