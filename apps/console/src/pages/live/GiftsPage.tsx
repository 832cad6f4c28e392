/** 礼物与收入: the brand's gift prices (edit, take off the list) and gift income by business day, room and host. */
import { useState } from 'react';
import { Button, DatePicker, InputNumber, Space, Switch, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { consoleLiveApi as api } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { yuan } from '../../lib/format.ts';

function Prices({ siteCode }: { siteCode: number }) {
  const canWrite = useCan('content.write');
  const prices = useConsoleQuery(api.giftPrices, { siteCode });
  const save = useConsoleMutation(api.setGiftPrice, { success: '礼物已更新' });
  const [edits, setEdits] = useState<Record<string, number>>({});
  return (
    <Table
      rowKey="code"
      size="small"
      pagination={false}
      loading={prices.isFetching}
      dataSource={prices.data?.list ?? []}
      columns={[
        { title: '礼物', dataIndex: 'name' },
        {
          title: '价格（元）',
          render: (_: unknown, g) => (
            <InputNumber
              min={0.01}
              max={1000}
              step={1}
              disabled={!canWrite}
              value={(edits[g.code] ?? g.priceFen) / 100}
              onChange={(v) => setEdits((e) => ({ ...e, [g.code]: Math.round((v ?? 0) * 100) }))}
            />
          ),
        },
        {
          title: '上架',
          render: (_: unknown, g) => (
            <Switch
              checked={g.enabled}
              disabled={!canWrite}
              onChange={(enabled) => save.mutate({ siteCode, giftCode: g.code, priceFen: edits[g.code] ?? g.priceFen, enabled })}
            />
          ),
        },
        {
          title: '',
          render: (_: unknown, g) =>
            canWrite && edits[g.code] !== undefined ? (
              <Button
                size="small"
                onClick={() => save.mutate({ siteCode, giftCode: g.code, priceFen: edits[g.code]!, enabled: g.enabled })}
              >
                保存
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function Income({ siteCode }: { siteCode: number }) {
  const canRead = useCan('reports.read');
  const [range, setRange] = useState<[Dayjs, Dayjs]>([dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const income = useConsoleQuery(api.giftIncome, { siteCode, from: range[0].valueOf(), to: range[1].valueOf() + 1 }, { enabled: canRead });
  if (!canRead) return <Typography.Text type="secondary">礼物收入需要报表权限</Typography.Text>;
  return (
    <>
      <Space style={{ margin: '16px 0' }}>
        <DatePicker.RangePicker value={range} onChange={(v) => v?.[0] && v[1] && setRange([v[0].startOf('day'), v[1].endOf('day')])} />
        <Typography.Text strong data-testid="gift-income-total">
          合计 ¥{yuan(income.data?.totalFen ?? 0)}
        </Typography.Text>
      </Space>
      <Table
        rowKey={(r) => `${r.day}|${r.roomId}`}
        size="small"
        loading={income.isFetching}
        dataSource={income.data?.list ?? []}
        columns={[
          { title: '日期', dataIndex: 'day', width: 110 },
          { title: '直播间', dataIndex: 'title' },
          { title: '主播账号', dataIndex: 'hostStaff', width: 120 },
          { title: '礼物数', dataIndex: 'gifts', width: 80 },
          { title: '送礼人数', dataIndex: 'senders', width: 90 },
          { title: '金额', dataIndex: 'amountFen', width: 110, render: (f: number) => yuan(f) },
        ]}
      />
    </>
  );
}

export default function GiftsPage() {
  const { siteCode } = useSite();
  if (siteCode === null) return null;
  return (
    <>
      <Prices siteCode={siteCode} />
      <Income siteCode={siteCode} />
    </>
  );
}
