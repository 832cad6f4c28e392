/** 活动管理: a brand's promotions with state and cost; create, end, settle a race. */
import { useState } from 'react';
import { App, Button, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PROMOTION_STATES, PROMOTION_TYPE_NAMES, consolePromotionsApi, type PromotionRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { PROMO_CATEGORY_NAMES, STATE_TAGS } from './labels.ts';
import { PromoCreateDialog } from './PromoCreateDialog.tsx';

export default function PromotionsPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('promo.write');
  const { modal } = App.useApp();
  const [state, setState] = useState<(typeof PROMOTION_STATES)[number]>();
  const [creating, setCreating] = useState(false);
  const list = useConsoleList(consolePromotionsApi.list, { siteCode: siteCode ?? undefined, state }, { enabled: siteCode !== null });
  const end = useConsoleMutation(consolePromotionsApi.end, { success: '活动已结束' });
  const settle = useConsoleMutation(consolePromotionsApi.settle, {
    success: false,
    onSuccess: (r) => void modal.success({ title: '竞赛已结算', content: `共派发 ${r.rewards} 笔奖金，合计 ${yuan(r.amountFen)} 元` }),
  });

  const columns: TableColumnsType<PromotionRow> = [
    {
      title: '活动',
      dataIndex: 'title',
      render: (t: string, r) => (
        <Space orientation="vertical" size={0}>
          {t}
          <span style={{ color: '#999' }}>{r.id}</span>
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', render: (t: PromotionRow['type']) => PROMOTION_TYPE_NAMES[t] },
    { title: '分类', dataIndex: 'category', render: (c: string) => PROMO_CATEGORY_NAMES[c] ?? c },
    { title: '开始', dataIndex: 'startsAt', render: dateTime },
    { title: '结束', dataIndex: 'endsAt', render: (t: number | null) => (t === null ? '长期' : dateTime(t)) },
    { title: '状态', dataIndex: 'state', render: (s: string) => <Tag color={STATE_TAGS[s]?.color}>{STATE_TAGS[s]?.text ?? s}</Tag> },
    { title: '已派发', dataIndex: 'paidCount', align: 'right' },
    { title: '成本（元）', dataIndex: 'paidFen', align: 'right', render: (f: number) => yuan(f) },
    { title: '待审', dataIndex: 'flaggedCount', align: 'right', render: (n: number) => (n > 0 ? <Tag color="gold">{n}</Tag> : 0) },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        canWrite && (
          <Space>
            {r.state !== 'ended' && (
              <Button
                size="small"
                danger
                onClick={() =>
                  modal.confirm({
                    title: `结束活动「${r.title}」？`,
                    content: '结束后会员不能再参加或领取。',
                    okText: '结束活动',
                    onOk: () => end.mutateAsync({ id: r.id }),
                  })
                }
              >
                结束
              </Button>
            )}
            {r.type === 'race' && r.state === 'ended' && r.settledAt === null && (
              <Button
                size="small"
                type="primary"
                onClick={() =>
                  modal.confirm({
                    title: `结算竞赛「${r.title}」？`,
                    content: '按排名派发奖金，只能结算一次。',
                    okText: '结算',
                    onOk: () => settle.mutateAsync({ id: r.id }),
                  })
                }
              >
                结算
              </Button>
            )}
            {r.settledAt !== null && <Tag>已结算 {dateTime(r.settledAt)}</Tag>}
          </Space>
        ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={state}
          onChange={setState}
          options={PROMOTION_STATES.map((s) => ({ value: s, label: STATE_TAGS[s]?.text ?? s }))}
        />
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={siteCode === null}>
            新建活动
          </Button>
        )}
      </Space>
      <Table rowKey="id" columns={columns} {...list.tableProps} />
      {siteCode !== null && <PromoCreateDialog siteCode={siteCode} open={creating} onClose={() => setCreating(false)} />}
    </>
  );
}
