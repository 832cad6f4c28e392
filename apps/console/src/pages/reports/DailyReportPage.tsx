/** 日报表: a brand's business days over a range, filtered by venue or category — chart, table with totals, CSV export. */
import { useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, DatePicker, Form, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { CATEGORY_NAMES, consoleReportsApi, type ReportDay } from '@portal/contract/console';
import { call } from '../../api/client.ts';
import { useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { MoneyChart } from './lazyCharts.tsx';

type Category = keyof typeof CATEGORY_NAMES;
interface Filters {
  from: string;
  to: string;
  category?: Category;
  channelCode?: string;
}

const DAY = 'YYYY-MM-DD';
const money = (title: string, key: keyof ReportDay) => ({ title, dataIndex: key, key, align: 'right' as const, render: yuan });
const count = (title: string, key: keyof ReportDay) => ({ title, dataIndex: key, key, align: 'right' as const });

export const COLUMNS: TableColumnsType<ReportDay> = [
  { title: '日期', dataIndex: 'day', key: 'day', fixed: 'left', width: 110 },
  count('注册', 'registrations'),
  count('存款笔数', 'depositCount'),
  money('存款金额', 'depositAmount'),
  count('首存人数', 'firstDepositCount'),
  money('首存金额', 'firstDepositAmount'),
  count('提款笔数', 'withdrawCount'),
  money('提款金额', 'withdrawAmount'),
  count('活跃玩家', 'activePlayers'),
  count('注单数', 'bets'),
  money('投注额', 'stake'),
  money('有效投注', 'valid'),
  money('派彩', 'payout'),
  money('GGR', 'ggr'),
  money('优惠成本', 'promoCost'),
  money('VIP礼金', 'vipBonusCost'),
  money('返水成本', 'rebateCost'),
  money('净收入', 'netRevenue'),
];

function download(filename: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function DailyReportPage() {
  const { siteCode, title } = useSite();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<Filters>(() => ({
    from: dayjs().subtract(6, 'day').format(DAY),
    to: dayjs().format(DAY),
  }));
  const body = { ...filters, siteCode: siteCode ?? undefined };
  const q = useConsoleQuery(consoleReportsApi.daily, body, { enabled: siteCode !== null });
  const [exporting, setExporting] = useState(false);
  // Venue options: every venue seen in this page's answers (a venue filter narrows the answer to one).
  const seen = useRef(new Map<string, string>());
  const venueOptions = useMemo(() => {
    for (const v of q.data?.venues ?? []) seen.current.set(v.channelCode, `${v.name}（${v.channelCode}）`);
    return [...seen.current].map(([value, label]) => ({ value, label }));
  }, [q.data]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const r = await call(consoleReportsApi.exportCsv, body);
      download(r.filename, r.content);
      void message.success('已导出 CSV');
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  const onRange = (r: [Dayjs | null, Dayjs | null] | null) => {
    if (r?.[0] && r[1]) setFilters((f) => ({ ...f, from: r[0]!.format(DAY), to: r[1]!.format(DAY) }));
  };
  const d = q.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="daily-report">
      <Form layout="inline">
        <Form.Item label="日期">
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(filters.from), dayjs(filters.to)]}
            onChange={onRange}
            disabledDate={(x) => x.isAfter(dayjs(), 'day')}
          />
        </Form.Item>
        <Form.Item label="类别" htmlFor="report-category">
          <Select
            allowClear
            id="report-category"
            placeholder="全部类别"
            style={{ width: 130 }}
            value={filters.category}
            onChange={(category?: Category) => setFilters((f) => ({ ...f, category }))}
            options={Object.entries(CATEGORY_NAMES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item label="场馆" htmlFor="report-venue">
          <Select
            allowClear
            id="report-venue"
            placeholder="全部场馆"
            style={{ width: 200 }}
            value={filters.channelCode}
            onChange={(channelCode?: string) => setFilters((f) => ({ ...f, channelCode }))}
            options={venueOptions}
          />
        </Form.Item>
        <Form.Item>
          <Button icon={<DownloadOutlined />} onClick={() => void exportCsv()} loading={exporting} disabled={!d}>
            导出 CSV
          </Button>
        </Form.Item>
      </Form>
      {q.error && <Alert type="error" title={q.error.message} showIcon />}
      <Typography.Text type="secondary">
        {`${title} · ${filters.from} 至 ${filters.to}（营业日，UTC+8）· 筛选类别或场馆时，注单、投注、派彩、GGR 与活跃玩家按筛选统计，存提款与成本为品牌全量 · 数据更新于 ${dateTime(d?.updatedAt)}`}
      </Typography.Text>
      <Card size="small" title="每日资金与输赢">
        {d ? <MoneyChart rows={d.rows} /> : null}
      </Card>
      <Table<ReportDay>
        size="small"
        rowKey="day"
        loading={q.isFetching}
        columns={COLUMNS}
        dataSource={d?.rows ?? []}
        pagination={false}
        scroll={{ x: 1900 }}
        summary={() =>
          d ? (
            <Table.Summary fixed>
              <Table.Summary.Row>
                {COLUMNS.map((c, i) => {
                  const k = (c as { dataIndex: keyof ReportDay }).dataIndex;
                  const v =
                    k === 'day' ? '合计' : ((c as { render?: (x: number) => string }).render?.(d.totals[k] as number) ?? d.totals[k]);
                  return (
                    <Table.Summary.Cell key={String(k)} index={i} align={k === 'day' ? 'left' : 'right'}>
                      <Typography.Text strong>{v}</Typography.Text>
                    </Table.Summary.Cell>
                  );
                })}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Space>
  );
}
