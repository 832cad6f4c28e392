/** VIP等级与返水: a brand's ladder (thresholds, rewards, multiples, rebate rates per category); edit a grade; run a day's rebates. */
import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { REBATE_CATEGORIES } from '@portal/contract';
import { consoleVipApi, type VipGradeRow } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan, useMe } from '../../app/staff.tsx';
import { toFen, yuan } from '../../lib/format.ts';
import { VENUE_CATEGORY_NAMES } from './labels.ts';

const MONEY = [
  ['depositMinFen', '累计存款'],
  ['turnoverMinFen', '累计流水'],
  ['upgradeBonusFen', '晋级礼金'],
  ['birthdayBonusFen', '生日礼金'],
  ['weeklyBonusFen', '周礼金'],
  ['weeklyTurnoverMinFen', '周礼金流水要求'],
] as const;
const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

type EditValues = Record<string, string | number | undefined>;

export default function VipPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('vip.write');
  const me = useMe();
  const { modal } = App.useApp();
  const ladder = useConsoleQuery(consoleVipApi.ladder, { siteCode: siteCode ?? 0 }, { enabled: siteCode !== null });
  const [editing, setEditing] = useState<{ grade: number; row: VipGradeRow | null } | null>(null);
  const [day, setDay] = useState<Dayjs | null>(dayjs().subtract(1, 'day'));
  const [form] = Form.useForm<EditValues>();
  const save = useConsoleMutation(consoleVipApi.setGrade, { success: '等级已保存', onSuccess: () => setEditing(null) });
  const rebate = useConsoleMutation(consoleVipApi.rebate, {
    success: false,
    onSuccess: (r) =>
      void modal.success({
        title: `${r.day} 返水已执行`,
        content: `派发 ${r.paid} 人，合计 ${yuan(r.amountFen)} 元；已结算过跳过 ${r.skipped} 人`,
      }),
  });
  const rows = ladder.data ?? [];

  const open = (grade: number, row: VipGradeRow | null) => {
    setEditing({ grade, row });
    form.setFieldsValue({
      name: row?.name ?? `VIP${grade}`,
      bonusMultiple: row?.bonusMultiple ?? 1,
      rebateMultiple: row?.rebateMultiple ?? 1,
      ...Object.fromEntries(MONEY.map(([k]) => [k, row ? (row[k] / 100).toFixed(2) : undefined])),
      ...Object.fromEntries(REBATE_CATEGORIES.map((c) => [`rate_${c}`, row ? row.rates[c] / 100 : undefined])),
    });
  };
  const submit = (v: EditValues) => {
    if (siteCode === null || !editing) return;
    const money = Object.fromEntries(MONEY.flatMap(([k]) => (v[k] === undefined || v[k] === '' ? [] : [[k, toFen(String(v[k])) ?? -1]])));
    const rates = Object.fromEntries(
      REBATE_CATEGORIES.flatMap((c) => (typeof v[`rate_${c}`] === 'number' ? [[c, Math.round((v[`rate_${c}`] as number) * 100)]] : [])),
    );
    save.mutate({
      siteCode,
      grade: editing.grade,
      name: String(v.name ?? ''),
      bonusMultiple: Number(v.bonusMultiple),
      rebateMultiple: Number(v.rebateMultiple),
      ...money,
      rates,
    });
  };

  const columns: TableColumnsType<VipGradeRow> = [
    { title: '等级', dataIndex: 'grade', render: (g: number, r) => (r.name === `VIP${g}` ? r.name : `VIP${g} ${r.name}`) },
    ...MONEY.map(([k, label]) => ({ title: `${label}（元）`, dataIndex: k, align: 'right' as const, render: (f: number) => yuan(f) })),
    { title: '礼金/返水倍数', key: 'x', render: (_v: unknown, r: VipGradeRow) => `${r.bonusMultiple} / ${r.rebateMultiple}` },
    ...REBATE_CATEGORIES.map((c) => ({
      title: `${VENUE_CATEGORY_NAMES[c]}返水`,
      key: c,
      render: (_v: unknown, r: VipGradeRow) => pct(r.rates[c]),
    })),
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'edit',
            render: (_v: unknown, r: VipGradeRow) => (
              <Button size="small" onClick={() => open(r.grade, r)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      {canWrite && (
        <Space style={{ marginBottom: 16 }} wrap>
          <Button onClick={() => open(rows.length, null)} disabled={!ladder.data}>
            新增 VIP{rows.length}
          </Button>
          {me.sites === null && (
            <>
              <Typography.Text>返水日期</Typography.Text>
              <DatePicker value={day} onChange={setDay} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
              <Button
                type="primary"
                disabled={!day}
                loading={rebate.isPending}
                onClick={() =>
                  day &&
                  modal.confirm({
                    title: `执行 ${day.format('YYYY-MM-DD')} 的返水？`,
                    content: '所有品牌的会员按当日有效流水和等级比例派发，每人每天只派一次。',
                    okText: '执行返水',
                    onOk: () => rebate.mutateAsync({ day: day.format('YYYY-MM-DD') }),
                  })
                }
              >
                执行返水
              </Button>
            </>
          )}
        </Space>
      )}
      <Table
        rowKey="grade"
        columns={columns}
        dataSource={rows}
        loading={ladder.isFetching}
        pagination={false}
        scroll={{ x: true }}
        size="small"
      />
      <Modal
        title={editing ? `编辑 VIP${editing.grade}` : ''}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText="保存"
        confirmLoading={save.isPending}
        width={640}
        forceRender
      >
        <Form form={form} layout="horizontal" labelCol={{ span: 8 }} onFinish={submit}>
          <Form.Item name="name" label="等级名称" rules={[{ required: true, max: 20 }]}>
            <Input />
          </Form.Item>
          {MONEY.map(([k, label]) => (
            <Form.Item key={k} name={k} label={`${label}（元）`} rules={[{ pattern: /^\d+(\.\d{1,2})?$/, message: '金额最多两位小数' }]}>
              <Input style={{ width: 200 }} />
            </Form.Item>
          ))}
          <Form.Item name="bonusMultiple" label="礼金流水倍数">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="rebateMultiple" label="返水流水倍数">
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          {REBATE_CATEGORIES.map((c) => (
            <Form.Item key={c} name={`rate_${c}`} label={`${VENUE_CATEGORY_NAMES[c]}返水（%）`}>
              <InputNumber min={0} max={5} step={0.05} precision={2} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
