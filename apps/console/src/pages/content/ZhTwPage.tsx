/** 繁体文本: the zh-TW form zh-TW pages show for an operator's zh-CN text (converted or the operator's own); set one's own. */
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag } from 'antd';
import { consoleContentApi as api, CONTENT_LIMITS, type ZhTwForm as Form_ } from '@portal/contract/console';
import { useConsoleMutation } from '../../app/data.ts';
import { call } from '../../api/client.ts';
import { useCan } from '../../app/staff.tsx';

const SOURCE: Record<Form_['source'], { text: string; color: string }> = {
  operator: { text: '人工设定', color: 'green' },
  opencc: { text: '自动转换', color: 'blue' },
  preview: { text: '转换预览（尚未使用）', color: 'default' },
};

export default function ZhTwPage() {
  const canWrite = useCan('content.write');
  const [form] = Form.useForm<{ zhCN: string; zhTW: string }>();
  const [shown, setShown] = useState<Form_ | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const set = useConsoleMutation(api.zhTwSet, { success: '繁体文本已保存（各节点 30 秒内生效）', onSuccess: setShown });
  const look = async () => {
    const zhCN = String(form.getFieldValue('zhCN') ?? '').trim();
    if (!zhCN) return;
    setLoading(true);
    setError(null);
    try {
      const r = await call(api.zhTwShow, { zhCN });
      setShown(r);
      form.setFieldValue('zhTW', r.zhTW);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Card title="繁体文本" style={{ maxWidth: 760 }}>
      <Alert
        style={{ marginBottom: 16 }}
        type="info"
        showIcon
        title="公告、活动、场馆名称等运营文字用简体填写，繁体页面默认自动转换；如转换不准确，可在此设定人工繁体版本。"
      />
      <Form form={form} layout="vertical" onFinish={(v) => set.mutate({ zhCN: v.zhCN.trim(), zhTW: v.zhTW.trim() })}>
        <Form.Item name="zhCN" label="简体原文" rules={[{ required: true, whitespace: true, message: '请输入简体原文' }]}>
          <Input.TextArea rows={3} maxLength={CONTENT_LIMITS.CONTENT_MAX} />
        </Form.Item>
        <Button onClick={() => void look()} loading={loading} style={{ marginBottom: 16 }}>
          查询繁体版本
        </Button>
        {error && <Alert type="error" title={error} style={{ marginBottom: 16 }} />}
        {shown && (
          <Space style={{ marginBottom: 12 }}>
            当前：<Tag color={SOURCE[shown.source].color}>{SOURCE[shown.source].text}</Tag>
          </Space>
        )}
        <Form.Item name="zhTW" label="繁体版本" rules={[{ required: true, whitespace: true, message: '请输入繁体版本' }]}>
          <Input.TextArea rows={3} maxLength={CONTENT_LIMITS.CONTENT_MAX} disabled={!canWrite} />
        </Form.Item>
        {canWrite && (
          <Button type="primary" htmlType="submit" loading={set.isPending}>
            保存繁体版本
          </Button>
        )}
      </Form>
    </Card>
  );
}
