/** 仪表盘: today against yesterday, the last 30 days, the top venues by GGR and the work waiting for staff. */
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { CATEGORY_NAMES, consoleReportsApi, type ReportDay, type ReportVenue } from '@portal/contract/console';
import { useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { MoneyChart, PlayersChart } from './lazyCharts.tsx';

interface Kpi {
  key: keyof ReportDay;
  title: string;
  money?: boolean;
}

const KPIS: Kpi[] = [
  { key: 'depositAmount', title: '存款金额', money: true },
  { key: 'withdrawAmount', title: '提款金额', money: true },
  { key: 'ggr', title: 'GGR（输赢）', money: true },
  { key: 'netRevenue', title: '净收入', money: true },
  { key: 'stake', title: '投注额', money: true },
  { key: 'activePlayers', title: '活跃玩家' },
  { key: 'registrations', title: '注册人数' },
  { key: 'firstDepositCount', title: '首存人数' },
];

const PENDING: { key: string; title: string }[] = [
  { key: 'withdrawReview', title: '提款待审核' },
  { key: 'withdrawPayout', title: '提款待出款' },
  { key: 'depositPending', title: '存款待支付' },
  { key: 'promoFlagged', title: '待审优惠' },
  { key: 'feedbackPending', title: '待回复反馈' },
  { key: 'supportWaiting', title: '待回复客服会话' },
];

function Change({ today, yesterday }: { today: number; yesterday: number }) {
  if (yesterday === 0) return <Typography.Text type="secondary">昨日 0</Typography.Text>;
  const pct = ((today - yesterday) / Math.abs(yesterday)) * 100;
  const up = pct >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(pct).toFixed(1)}% 较昨日
    </Typography.Text>
  );
}

export default function DashboardPage() {
  const { siteCode, title } = useSite();
  const q = useConsoleQuery(consoleReportsApi.dashboard, { siteCode: siteCode ?? undefined }, { enabled: siteCode !== null });
  if (q.error) return <Alert type="error" title={q.error.message} showIcon />;
  if (!q.data) return <Skeleton active />;
  const d = q.data;
  const venueColumns = [
    { title: '场馆', dataIndex: 'name', render: (v: string, r: ReportVenue) => `${v}（${r.channelCode}）` },
    { title: '类别', dataIndex: 'category', render: (c: string) => <Tag>{CATEGORY_NAMES[c as keyof typeof CATEGORY_NAMES] ?? c}</Tag> },
    { title: '注单数', dataIndex: 'bets', align: 'right' as const },
    { title: '投注额', dataIndex: 'stake', align: 'right' as const, render: yuan },
    { title: 'GGR', dataIndex: 'ggr', align: 'right' as const, render: yuan },
  ];
  return (
    <div data-testid="dashboard">
      <Typography.Paragraph type="secondary">
        {title} · 今日 {d.today.day}（营业日，UTC+8）· 数据更新于 {dateTime(d.updatedAt)}（每分钟汇总）
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {KPIS.map((k) => {
          const today = d.today[k.key] as number;
          const yesterday = d.yesterday[k.key] as number;
          return (
            <Col key={k.key} xs={12} md={6}>
              <Card size="small">
                <Statistic title={`今日${k.title}`} value={k.money ? yuan(today) : today} suffix={k.money ? '元' : undefined} />
                <Change today={today} yesterday={yesterday} />
                <div>
                  <Typography.Text type="secondary">昨日 {k.money ? `${yuan(yesterday)} 元` : yesterday}</Typography.Text>
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={16}>
          <Card size="small" title="近30日资金与输赢">
            <MoneyChart rows={d.trend} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title="待处理事项">
            <Row gutter={[8, 16]}>
              {PENDING.map((p) => (
                <Col span={12} key={p.key}>
                  <Statistic title={p.title} value={d.pending[p.key as keyof typeof d.pending]} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="近30日玩家">
            <PlayersChart rows={d.trend} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title="近7日场馆 GGR 排行">
            <Table size="small" rowKey="channelCode" pagination={false} columns={venueColumns} dataSource={d.topVenues} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
