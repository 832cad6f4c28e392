/** 体育赛果: events with bets awaiting a result; enter or correct a result, cancel an event, settle now, the bets of an event. */
import { useState } from 'react';
import { App, Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { consoleSportApi, type SportEventRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useCan, useMe } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { CANCEL_CODES } from './labels.ts';
import { SportBets } from './SportBets.tsx';

interface ResultValues {
  scoreH: number;
  scoreC: number;
  htH?: number | null;
  htC?: number | null;
}

const resultText = (e: SportEventRow) => {
  const r = e.result;
  if (!r) return <Tag color="gold">待录入</Tag>;
  if (r.cancelCode) return <Tag color="red">已取消（{r.cancelCode}）</Tag>;
  const ht = r.htH !== null && r.htC !== null ? `（半场 ${r.htH}:${r.htC}）` : '';
  return (
    <Space size={4}>
      <b>
        {r.scoreH}:{r.scoreC}
      </b>
      {ht}
      <Tag>{r.source === 'operator' ? '人工' : '数据源'}</Tag>
    </Space>
  );
};

export default function SportPage() {
  const me = useMe();
  const canWrite = useCan('sport.write') && me.sites === null;
  const { modal } = App.useApp();
  const [awaiting, setAwaiting] = useState(true);
  const [keyword, setKeyword] = useState<string>();
  const [resulting, setResulting] = useState<SportEventRow | null>(null);
  const [cancelling, setCancelling] = useState<SportEventRow | null>(null);
  const [code, setCode] = useState('D0');
  const [betsOf, setBetsOf] = useState<SportEventRow | null>(null);
  const [form] = Form.useForm<ResultValues>();
  const list = useConsoleList(consoleSportApi.events, { awaiting, keyword });
  const result = useConsoleMutation(consoleSportApi.result, {
    success: false,
    onSuccess: (r) => {
      setResulting(null);
      void modal.success({ title: '赛果已保存', content: `已结算 ${r.settled} 张注单` });
    },
  });
  const cancelEvent = useConsoleMutation(consoleSportApi.cancelEvent, {
    success: false,
    onSuccess: (r) => {
      setCancelling(null);
      void modal.success({ title: '赛事已取消', content: `已作废 ${r.settled} 张注单，本金已退回` });
    },
  });
  const settle = useConsoleMutation(consoleSportApi.settle, {
    success: false,
    onSuccess: (r) =>
      void modal.success({ title: '结算完成', content: `确认 ${r.accepted} 张、拒绝 ${r.rejected} 张滚球注单；结算 ${r.settled} 张注单` }),
  });

  const columns: TableColumnsType<SportEventRow> = [
    { title: '联赛', dataIndex: 'league' },
    { title: '对阵', key: 'match', render: (_v, e) => `${e.teamH} vs ${e.teamC}` },
    { title: '赛事编号', dataIndex: 'eventId' },
    { title: '未结算注单', dataIndex: 'openBets', align: 'right' },
    { title: '已结算注单', dataIndex: 'settledBets', align: 'right' },
    { title: '投注额（元）', dataIndex: 'stakeFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '赛果', key: 'result', render: (_v, e) => resultText(e) },
    { title: '录入时间', key: 'at', render: (_v, e) => dateTime(e.result?.updatedAt) },
    {
      title: '操作',
      key: 'actions',
      render: (_v, e) => (
        <Space>
          <Button size="small" onClick={() => setBetsOf(e)}>
            注单
          </Button>
          {canWrite && (
            <>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  setResulting(e);
                  form.setFieldsValue({
                    scoreH: e.result?.scoreH ?? 0,
                    scoreC: e.result?.scoreC ?? 0,
                    htH: e.result?.htH ?? null,
                    htC: e.result?.htC ?? null,
                  });
                }}
              >
                {e.result ? '更正赛果' : '录入赛果'}
              </Button>
              <Button size="small" danger onClick={() => setCancelling(e)}>
                取消赛事
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Space>
          <Switch checked={awaiting} onChange={setAwaiting} />
          只看待录入赛果
        </Space>
        <Input.Search
          allowClear
          placeholder="联赛、球队或赛事编号"
          onSearch={(k) => setKeyword(k.trim() || undefined)}
          style={{ width: 260 }}
        />
        {canWrite && (
          <Button loading={settle.isPending} onClick={() => settle.mutate({})}>
            立即结算
          </Button>
        )}
      </Space>
      <Table rowKey="eventId" columns={columns} {...list.tableProps} />
      <Modal
        title={resulting ? `${resulting.teamH} vs ${resulting.teamC}` : ''}
        open={resulting !== null}
        onCancel={() => setResulting(null)}
        onOk={() => form.submit()}
        okText="保存并结算"
        confirmLoading={result.isPending}
        forceRender
      >
        <Form<ResultValues>
          form={form}
          layout="inline"
          onFinish={(v) =>
            resulting &&
            result.mutate({ eventId: resulting.eventId, scoreH: v.scoreH, scoreC: v.scoreC, htH: v.htH ?? null, htC: v.htC ?? null })
          }
          style={{ rowGap: 12 }}
        >
          <Form.Item name="scoreH" label="全场主队" rules={[{ required: true }]}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="scoreC" label="全场客队" rules={[{ required: true }]}>
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="htH" label="半场主队">
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="htC" label="半场客队">
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
        </Form>
        {resulting?.result && <p style={{ marginTop: 12, color: '#d46b08' }}>更正赛果会先恢复已结算的注单，再按新赛果重新结算。</p>}
      </Modal>
      <Modal
        title={cancelling ? `取消赛事 ${cancelling.teamH} vs ${cancelling.teamC}` : ''}
        open={cancelling !== null}
        onCancel={() => setCancelling(null)}
        onOk={() => cancelling && cancelEvent.mutate({ eventId: cancelling.eventId, code })}
        okText="取消赛事"
        okButtonProps={{ danger: true }}
        cancelText="返回"
        confirmLoading={cancelEvent.isPending}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>该赛事的所有投注项作废，本金退回会员。</span>
          <Select value={code} onChange={setCode} options={CANCEL_CODES} style={{ width: 240 }} />
        </Space>
      </Modal>
      <Drawer
        title={betsOf ? `${betsOf.teamH} vs ${betsOf.teamC} 的注单` : ''}
        open={betsOf !== null}
        onClose={() => setBetsOf(null)}
        size="min(1200px, 92vw)"
        destroyOnHidden
      >
        {betsOf && <SportBets filters={{ eventId: betsOf.eventId }} />}
      </Drawer>
    </>
  );
}
