/** 平台账户 & 账本校验: the house accounts' balances (they and the members' sum to zero) and ledger:verify on demand. */
import { useState } from 'react';
import { Alert, Button, Card, Space, Statistic, Table, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { consoleFinanceApi as api } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useMe } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { accountKind } from './names.ts';

type Verified = { checkedAt: number; ms: number; problems: Array<{ check: string; detail: string }> };

export default function LedgerPage() {
  const allBrands = useMe().sites === null;
  const house = useConsoleQuery(api.houseAccounts, {}, { enabled: allBrands });
  const [result, setResult] = useState<Verified | null>(null);
  const verify = useConsoleMutation(api.verify, { success: false, onSuccess: setResult });
  if (!allBrands) return <Alert type="info" showIcon title="平台账户与账本校验涵盖所有品牌，仅限全品牌人员查看" />;
  const list = house.data?.list ?? [];
  const houseTotal = list.filter((a) => a.currency === 'CNY').reduce((s, a) => s + a.balance, 0);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap>
        <Card size="small">
          <Statistic title="会员资金合计（元）" value={yuan(house.data?.memberTotal ?? 0)} />
        </Card>
        <Card size="small">
          <Statistic title="平台账户合计（元）" value={yuan(houseTotal)} />
        </Card>
        <Button icon={<SafetyCertificateOutlined />} type="primary" loading={verify.isPending} onClick={() => verify.mutate({})}>
          账本校验
        </Button>
      </Space>
      {result && (
        <Alert
          data-testid="ledger-verify-result"
          showIcon
          type={result.problems.length ? 'error' : 'success'}
          title={
            result.problems.length
              ? `账本校验发现 ${result.problems.length} 个问题`
              : `账本校验通过：借贷平衡，余额与明细一致（${dateTime(result.checkedAt)}，用时 ${result.ms} 毫秒）`
          }
          description={
            result.problems.length ? (
              <ul style={{ margin: 0 }}>
                {result.problems.map((p, i) => (
                  <li key={i}>
                    <Typography.Text strong>{p.check}</Typography.Text> <Typography.Text code>{p.detail}</Typography.Text>
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
      <Table
        rowKey="accountId"
        size="middle"
        loading={house.isLoading}
        pagination={false}
        dataSource={list}
        columns={[
          { title: '账户', dataIndex: 'kind', render: (k: string) => accountKind(k) },
          { title: '明细', dataIndex: 'ref', render: (r: string) => r || '-' },
          { title: '币种', dataIndex: 'currency' },
          { title: '余额', dataIndex: 'balance', align: 'right', render: (v: number) => yuan(v) },
        ]}
      />
    </Space>
  );
}
