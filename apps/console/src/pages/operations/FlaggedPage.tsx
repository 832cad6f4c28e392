/** 待审奖励: rewards the promotions engine held (shared device or network): pay, or refuse with a reason. */
import { useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Table, type TableColumnsType } from 'antd';
import type { z } from 'zod';
import { consolePromotionsApi, type flaggedRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';

type Row = z.infer<typeof flaggedRow>;

export default function FlaggedPage() {
  const { siteCode } = useSite();
  const canReview = useCan('promo.review');
  const { modal } = App.useApp();
  const [refusing, setRefusing] = useState<Row | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const list = useConsoleList(consolePromotionsApi.flagged, { siteCode: siteCode ?? undefined }, { enabled: siteCode !== null });
  const pay = useConsoleMutation(consolePromotionsApi.pay, { success: '已派发' });
  const refuse = useConsoleMutation(consolePromotionsApi.refuse, { success: '已拒绝', onSuccess: () => setRefusing(null) });

  const columns: TableColumnsType<Row> = [
    { title: '时间', dataIndex: 'createdAt', render: dateTime },
    { title: '会员', dataIndex: 'username' },
    { title: '活动', dataIndex: 'promotionTitle' },
    { title: '金额（元）', dataIndex: 'amountFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '原因', dataIndex: 'reason' },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        canReview && (
          <Space>
            <Button
              size="small"
              type="primary"
              onClick={() =>
                modal.confirm({
                  title: `向 ${r.username} 派发 ${yuan(r.amountFen)} 元？`,
                  okText: '派发',
                  onOk: () => pay.mutateAsync({ id: r.id }),
                })
              }
            >
              派发
            </Button>
            <Button size="small" danger onClick={() => setRefusing(r)}>
              拒绝
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <>
      <Table rowKey="id" columns={columns} {...list.tableProps} />
      <Modal
        title={refusing ? `拒绝 ${refusing.username} 的奖励` : ''}
        open={refusing !== null}
        onCancel={() => setRefusing(null)}
        onOk={() => form.submit()}
        okText="拒绝"
        okButtonProps={{ danger: true }}
        confirmLoading={refuse.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => refusing && refuse.mutate({ id: refusing.id, reason: v.reason })}>
          <Form.Item name="reason" label="拒绝原因" rules={[{ required: true, min: 2, max: 200, message: '请填写 2–200 字的原因' }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
