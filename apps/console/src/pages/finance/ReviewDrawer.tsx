/**
 * One withdrawal under review: the order, the member (balance, turnover progress, totals, risk hints) and the steps
 * the signed-in staff member may take now — the server enforces the four-eyes rules; the buttons only follow them.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Progress, Space, Spin, Tag, Typography } from 'antd';
import { RISK_HINT_NAMES, WITHDRAW_STAGE_NAMES, consoleFinanceApi as api, type WithdrawItem } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useCan, useMe } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { METHOD_NAMES, PAYOUT_STATE_NAMES, STAGE_COLORS } from './names.ts';
import { ReasonDialog } from './ReasonDialog.tsx';

type Step = 'lock' | 'approve' | 'payLock' | 'pay' | 'reconcile';

function Actions({ o }: { o: WithdrawItem }) {
  const me = useMe().username;
  const canRisk = useCan('withdraw.risk');
  const canPay = useCan('withdraw.pay');
  const [rejecting, setRejecting] = useState<'risk' | 'pay' | null>(null);
  const steps = {
    lock: useConsoleMutation(api.withdrawLock, { success: '已锁定，进入风控审核' }),
    approve: useConsoleMutation(api.withdrawApprove, { success: '审核已通过' }),
    payLock: useConsoleMutation(api.withdrawPayLock, { success: '已锁定，进入出款处理' }),
    pay: useConsoleMutation(api.withdrawPay, { success: '出款请求已提交' }),
    reconcile: useConsoleMutation(api.withdrawReconcile, { success: '对账完成' }),
  };
  const riskReject = useConsoleMutation(api.withdrawRiskReject, { success: '已拒绝，冻结资金已退回', onSuccess: () => setRejecting(null) });
  const payReject = useConsoleMutation(api.withdrawPayReject, { success: '已拒绝，冻结资金已退回', onSuccess: () => setRejecting(null) });
  const run = (s: Step) => steps[s].mutate({ orderNo: o.orderNo });
  const btn = (s: Step, label: string, primary = true) => (
    <Button key={s} type={primary ? 'primary' : 'default'} loading={steps[s].isPending} onClick={() => run(s)}>
      {label}
    </Button>
  );
  const reviewer = [o.riskLockedBy, o.firstApprover, o.secondApprover].includes(me);
  const buttons = [];
  let note: string | null = null;
  if (o.stage === 'pending' && canRisk) buttons.push(btn('lock', '锁定审核'));
  if (o.stage === 'risk_review') {
    if (o.riskLockedBy === me) {
      buttons.push(btn('approve', o.needsSecondApproval ? '初审通过' : '审核通过'));
      buttons.push(
        <Button key="rr" danger onClick={() => setRejecting('risk')}>
          拒绝
        </Button>,
      );
    } else note = `该订单由 ${o.riskLockedBy} 审核中`;
  }
  if (o.stage === 'second_review' && canRisk) {
    if (o.firstApprover === me) note = '初审人不能复审，请由另一位风控人员复审';
    else buttons.push(btn('approve', '复审通过'));
    buttons.push(
      <Button key="rr" danger onClick={() => setRejecting('risk')}>
        拒绝
      </Button>,
    );
  }
  if (o.stage === 'approved' && canPay) {
    if (reviewer) note = '审核人不能为同一订单出款';
    else buttons.push(btn('payLock', '锁定出款'));
    buttons.push(
      <Button key="pr" danger onClick={() => setRejecting('pay')}>
        拒绝
      </Button>,
    );
  }
  if (o.stage === 'paying' && canPay) {
    if (o.payoutState === 'unknown') {
      note = '出款结果未知：资金仍冻结，不会自动退回。请向出款渠道对账。';
      buttons.push(btn('reconcile', '对账'));
    } else if (o.payLockedBy === me) {
      if (o.payoutState === 'failed') note = '上次出款失败，可重新出款或拒绝';
      buttons.push(btn('pay', o.payoutState === 'failed' ? '重新出款' : '确认出款'));
      buttons.push(
        <Button key="pr" danger onClick={() => setRejecting('pay')}>
          拒绝
        </Button>,
      );
    } else note = `该订单由 ${o.payLockedBy} 出款处理中`;
  }
  const reject = rejecting === 'pay' ? payReject : riskReject;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {note && <Alert type="warning" showIcon title={note} />}
      {buttons.length > 0 && <Space wrap>{buttons}</Space>}
      <ReasonDialog
        open={rejecting !== null}
        title="拒绝提款"
        label="拒绝原因（会员可见）"
        okText="确认拒绝"
        loading={reject.isPending}
        onOk={(reason) => reject.mutate({ orderNo: o.orderNo, reason })}
        onCancel={() => setRejecting(null)}
      />
    </Space>
  );
}

export function ReviewDrawer({ orderNo, onClose }: { orderNo: string | null; onClose(): void }) {
  const q = useConsoleQuery(api.withdrawDetail, { orderNo: orderNo ?? '' }, { enabled: orderNo !== null });
  const d = q.data;
  const o = d?.order;
  const m = d?.member;
  return (
    <Drawer open={orderNo !== null} onClose={onClose} size="large" title={`提款订单 ${orderNo ?? ''}`} destroyOnHidden>
      {q.isLoading && <Spin />}
      {q.error && <Alert type="error" showIcon title={q.error.message} />}
      {o && m && d && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Actions o={o} />
          <Descriptions title="订单" bordered size="small" column={2} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="状态">
              <Tag color={STAGE_COLORS[o.stage]} data-testid="review-stage">
                {WITHDRAW_STAGE_NAMES[o.stage]}
              </Tag>
              {o.payoutState && <Tag>{PAYOUT_STATE_NAMES[o.payoutState] ?? o.payoutState}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(o.amount)} 元</Descriptions.Item>
            <Descriptions.Item label="方式">{METHOD_NAMES[o.method] ?? o.method}</Descriptions.Item>
            <Descriptions.Item label="收款账户">{o.target}</Descriptions.Item>
            <Descriptions.Item label="复审">
              {o.needsSecondApproval ? `需要（超过 ${yuan(d.thresholdFen)} 元）` : `不需要（不超过 ${yuan(d.thresholdFen)} 元）`}
            </Descriptions.Item>
            <Descriptions.Item label="申请时间">{dateTime(o.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="风控审核">{o.riskLockedBy ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="初审 / 复审">
              {o.firstApprover ?? '-'} / {o.secondApprover ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="出款人">{o.payLockedBy ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="渠道单号">{o.payoutRef ?? '-'}</Descriptions.Item>
            {o.remark ? (
              <Descriptions.Item label="拒绝原因" span={2}>
                {o.remark}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Descriptions title="会员" bordered size="small" column={2} styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="会员账号">{m.username}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">{m.realName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="中心钱包余额">{yuan(m.balance)} 元</Descriptions.Item>
            <Descriptions.Item label="冻结金额">{yuan(m.locked)} 元</Descriptions.Item>
            <Descriptions.Item label="流水进度" span={2}>
              <Space>
                <Progress
                  style={{ width: 200 }}
                  percent={m.turnoverRequired ? Math.min(100, Math.floor((m.turnoverDone * 100) / m.turnoverRequired)) : 100}
                  size="small"
                />
                <Typography.Text type="secondary">
                  {yuan(m.turnoverDone)} / {yuan(m.turnoverRequired)} 元
                </Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="累计存款">{yuan(m.depositTotal)} 元</Descriptions.Item>
            <Descriptions.Item label="累计出款">{yuan(m.withdrawTotal)} 元</Descriptions.Item>
            <Descriptions.Item label="同设备账号">{m.sameDeviceAccounts}</Descriptions.Item>
            <Descriptions.Item label="同IP账号">{m.sameIpAccounts}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{dateTime(m.registeredAt)}</Descriptions.Item>
            <Descriptions.Item label="风险提示">
              {m.hints.length ? (
                m.hints.map((h) => (
                  <Tag key={h} color="red">
                    {RISK_HINT_NAMES[h]}
                  </Tag>
                ))
              ) : (
                <Tag color="green">无</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Drawer>
  );
}
