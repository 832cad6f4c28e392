/** 会员详情: profile and actions, then one tab per record (balances, transactions, bets, rounds, logins, related, notes, risk). */
import { Link, useParams } from 'react-router';
import { Alert, Card, Descriptions, Result, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { consoleMembersApi as api } from '@portal/contract/console';
import { useConsoleQuery } from '../../app/data.ts';
import { useCan } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { ACCOUNT_KINDS } from './labels.ts';
import { MemberActions } from './MemberActions.tsx';
import { StatusTag } from './MembersPage.tsx';
import { BetsTab, LoginsTab, RoundsTab, TransactionsTab, type MemberKey } from './RecordTabs.tsx';
import { NotesTab, PvpSignalsTab, RelatedTab, RiskTab } from './RiskTabs.tsx';

const GENDERS: Record<string, string> = { male: '男', female: '女' };

function BalancesTab({ member }: { member: MemberKey }) {
  const q = useConsoleQuery(api.balances, member);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {q.data && q.data.owed > 0 && <Alert type="warning" showIcon title={`该会员欠款 ${yuan(q.data.owed)} 元`} />}
      <Table
        rowKey={(r) => `${r.kind}:${r.ref}:${r.currency}`}
        size="small"
        pagination={false}
        loading={q.isFetching}
        dataSource={q.data?.accounts ?? []}
        columns={[
          { title: '钱包', dataIndex: 'kind', render: (k: string) => ACCOUNT_KINDS[k] ?? k },
          { title: '场馆', dataIndex: 'ref', render: (r: string) => r || '-' },
          { title: '币种', dataIndex: 'currency', render: (c: string) => (c === 'CNY' ? '人民币' : c) },
          { title: '余额（元）', dataIndex: 'balance', align: 'right', render: (v: number) => yuan(v) },
        ]}
        locale={{ emptyText: '暂无钱包' }}
      />
    </Space>
  );
}

export default function MemberDetailPage() {
  const params = useParams();
  const member: MemberKey = { siteCode: Number(params.siteCode), username: params.username ?? '' };
  const canRisk = useCan('risk.read');
  const q = useConsoleQuery(api.profile, member, { enabled: Number.isInteger(member.siteCode) && member.username !== '' });
  const back = (
    <Link to="/members">
      <ArrowLeftOutlined /> 返回会员列表
    </Link>
  );
  if (q.error) return <Result status="warning" title={q.error.code === 6004 ? '找不到该会员' : q.error.message} extra={back} />;
  const p = q.data;
  if (!p) return <Skeleton active />;

  const profile = (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="用户名">{p.username}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <StatusTag status={p.status} />
      </Descriptions.Item>
      <Descriptions.Item label="真实姓名">{p.realName ?? '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="VIP 等级">
        {p.vipName === `VIP${p.vipGrade}` ? p.vipName : `VIP${p.vipGrade}（${p.vipName}）`}
      </Descriptions.Item>
      <Descriptions.Item label="手机号">{p.phone ? `${p.areaCode ?? ''} ${p.phone}` : '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{p.email ?? '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="性别">{p.gender ? (GENDERS[p.gender] ?? p.gender) : '-'}</Descriptions.Item>
      <Descriptions.Item label="生日">{p.birthday ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="注册时间">{dateTime(p.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="注册 IP">{p.registerIp}</Descriptions.Item>
      <Descriptions.Item label="注册域名">{p.registerDomain ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="邀请码">{p.inviteCode ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="最后登录">{dateTime(p.lastLoginAt)}</Descriptions.Item>
      <Descriptions.Item label="在线登录数">{p.liveSessions}</Descriptions.Item>
      <Descriptions.Item label="提款密码">{p.hasSecondPassword ? '已设置' : '未设置'}</Descriptions.Item>
      <Descriptions.Item label="最近改密">{dateTime(p.passwordChangedAt)}</Descriptions.Item>
    </Descriptions>
  );

  const tabs = [
    { key: 'profile', label: '资料', children: profile },
    { key: 'balances', label: '余额', children: <BalancesTab member={member} /> },
    { key: 'transactions', label: '账变', children: <TransactionsTab member={member} /> },
    { key: 'bets', label: '注单', children: <BetsTab member={member} /> },
    { key: 'rounds', label: '游戏记录', children: <RoundsTab member={member} /> },
    { key: 'logins', label: '登录记录', children: <LoginsTab member={member} /> },
    ...(canRisk ? [{ key: 'related', label: '关联账户', children: <RelatedTab member={member} /> }] : []),
    { key: 'notes', label: '备注', children: <NotesTab member={member} /> },
    ...(canRisk ? [{ key: 'risk', label: '风控标记', children: <RiskTab member={member} /> }] : []),
    // PvP card tables (issue 31)
    ...(canRisk ? [{ key: 'pvp', label: '棋牌对战信号', children: <PvpSignalsTab member={member} /> }] : []),
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      {back}
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {p.username}
            </Typography.Title>
            <StatusTag status={p.status} />
          </Space>
          <MemberActions
            siteCode={member.siteCode}
            username={p.username}
            status={p.status}
            vipGrade={p.vipGrade}
            liveSessions={p.liveSessions}
            hasSecondPassword={p.hasSecondPassword}
          />
        </Space>
      </Card>
      <Card>
        <Tabs items={tabs} destroyOnHidden />
      </Card>
    </Space>
  );
}
