/**
 * /mine/takemoney: withdraw to a bound bank card or USDT address. Shows what blocks a withdrawal before
 * the member types (second password not set, nothing bound, daily count used, turnover remaining), then
 * amount within min/max and the balance, the second password (6100 answers the server's message), a
 * confirmation with the Chinese uppercase amount; the funds are held while the order is pending.
 */
import { useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Progress, Result, Segmented, Select, Skeleton, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, withdrawApi, type ResponseOf } from '@portal/contract';
import { formatAmount, parseAmount, parseWireAmount, toChineseUppercase } from '@portal/rules';
import { call } from '../../api/client.ts';
import { md5 } from '../../api/md5.ts';
import { goName, openPath } from '../../routes/nav.ts';
import { AmountInput, money, progressPercent, wireAmount } from '../../ui/money/index.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel, UppercaseAmount, WALLET_KEY, useAction, useIdempotencyKey, useMoneyMoved } from './common.tsx';
import { useAmountRule } from './amountRule.ts';
import { minuteText } from '../../ui/time/format.ts';

type Method = 'bank' | 'usdt';
type Order = ResponseOf<typeof withdrawApi.create>;
interface Values {
  targetId: string;
  amount: string;
  secondPassword: string;
}
const ORDER_COLOR = { pending: 'processing', approved: 'blue', paid: 'success', rejected: 'error' } as const;

function Orders() {
  const { t } = useTranslation('wallet');
  const orders = useQuery({
    queryKey: [WALLET_KEY, 'withdrawOrders'],
    queryFn: () => call(withdrawApi.orderInfo, { pageNum: 1, pageSize: 10 }),
  });
  return (
    <Panel title={t('withdraw.orders')}>
      <Table
        rowKey="orderNo"
        size="middle"
        loading={orders.isPending}
        dataSource={orders.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <EmptyState title={t('withdraw.noOrders')} /> }}
        columns={[
          { key: 'time', title: t('records.time'), render: (_, o) => minuteText(o.createdAt) },
          { key: 'no', title: t('wait.orderNo'), dataIndex: 'orderNo' },
          { key: 'target', title: t('withdraw.target'), dataIndex: 'target' },
          { key: 'amount', title: t('wait.amount'), align: 'right', render: (_, o) => money(o.amount) },
          {
            key: 'status',
            title: t('wait.status'),
            render: (_, o) => <Tag color={ORDER_COLOR[o.status]}>{t(`withdraw.statuses.${o.status}`)}</Tag>,
          },
          { key: 'remark', title: t('withdraw.remark'), dataIndex: 'remark' },
        ]}
      />
    </Panel>
  );
}

export function TakeMoneyPage() {
  const { t } = useTranslation('wallet');
  const { modal } = AntApp.useApp();
  const moved = useMoneyMoved();
  const idem = useIdempotencyKey();
  const info = useQuery({ queryKey: [WALLET_KEY, 'withdrawInfo'], queryFn: () => call(withdrawApi.info, {}) });
  const cfg = useQuery({ queryKey: [WALLET_KEY, 'withdrawCfg'], queryFn: () => call(withdrawApi.baseCfg, {}) });
  const usdt = useQuery({ queryKey: [WALLET_KEY, 'usdtInfo'], queryFn: () => call(withdrawApi.usdtInfo, {}) });
  const [method, setMethod] = useState<Method>('bank');
  const [done, setDone] = useState<Order | null>(null);
  const [busy, run] = useAction();
  const [form] = Form.useForm<Values>();
  const amount = Form.useWatch('amount', form);

  const limits = cfg.data?.find((c) => c.method === method);
  const balanceFen = parseWireAmount(info.data?.centerWalletBalance);
  const amountRule = useAmountRule('withdraw', { minFen: parseWireAmount(limits?.min), maxFen: parseWireAmount(limits?.max), balanceFen });

  if (info.isPending || cfg.isPending)
    return (
      <Panel>
        <Skeleton active />
      </Panel>
    );
  if (info.isError || cfg.isError)
    return (
      <Panel>
        <EmptyState
          title={t('common.loadFailed')}
          action={
            <Button
              onClick={() => {
                void info.refetch();
                void cfg.refetch();
              }}
            >
              {t('common.retry')}
            </Button>
          }
        />
      </Panel>
    );
  const i = info.data;

  if (done) {
    return (
      <Panel>
        <Result
          status="success"
          title={t('withdraw.submitted')}
          subTitle={t('withdraw.submittedText', { amount: money(done.amount), orderNo: done.orderNo })}
          extra={[
            <Button type="primary" key="wallet" onClick={() => goName('wallet')}>
              {t('wait.toWallet')}
            </Button>,
            <Button key="more" onClick={() => setDone(null)}>
              {t('withdraw.again')}
            </Button>,
          ]}
        />
        <Orders />
      </Panel>
    );
  }

  const targets =
    method === 'bank'
      ? i.cards.map((c) => ({ value: c.id, label: `${c.bankName} ${c.cardNo}` }))
      : (usdt.data?.addresses ?? []).map((a) => ({ value: a.id, label: `${a.network} ${a.address}` }));
  const remainingFen = parseWireAmount(i.turnoverRemaining) ?? 0;
  const requiredFen = parseWireAmount(i.turnoverRequired) ?? 0;
  const doneFen = parseWireAmount(i.turnoverDone) ?? 0;
  const countLeft = Math.max(0, i.dailyCount - i.todayCount);
  const blocked = !i.hasSecondPassword || targets.length === 0 || countLeft === 0 || remainingFen > 0;
  const rateFen = parseWireAmount(usdt.data?.rate);

  const submit = async (v: Values) => {
    const fen = parseAmount(v.amount)!;
    const ok = await modal.confirm({
      title: t('withdraw.confirmTitle'),
      content: (
        <div className="confirm-amount">
          <p>{t('withdraw.confirmTo', { target: targets.find((x) => x.value === v.targetId)?.label ?? '' })}</p>
          <strong>{money(fen)}</strong>
          <p data-testid="confirm-upper">{toChineseUppercase(fen)}</p>
        </div>
      ),
    });
    if (!ok) return;
    const body = { amount: wireAmount(v.amount), method, targetId: v.targetId, secondPassword: md5(v.secondPassword) };
    await run(async () => {
      const order = await call(withdrawApi.create, body, { idempotencyKey: idem.keyFor(body) });
      idem.settled();
      form.resetFields();
      setDone(order);
      await moved();
    });
  };

  return (
    <>
      <div className="wallet-summary wallet-summary--withdraw">
        <div className="wallet-card wallet-card--main">
          <span>{t('withdraw.available')}</span>
          <strong data-testid="withdraw-balance">{money(i.centerWalletBalance)}</strong>
        </div>
        <div className="wallet-card">
          <span>{t('withdraw.turnover')}</span>
          <Progress percent={progressPercent(doneFen, requiredFen)} size="small" />
          <small data-testid="turnover">
            {t('withdraw.turnoverText', {
              done: formatAmount(doneFen),
              required: formatAmount(requiredFen),
              remaining: formatAmount(remainingFen),
            })}
          </small>
        </div>
        <div className="wallet-card">
          <span>{t('withdraw.today')}</span>
          <strong data-testid="withdraw-count">{t('withdraw.countText', { left: countLeft, total: i.dailyCount })}</strong>
        </div>
      </div>
      <Panel title={t('withdraw.apply')}>
        {!i.hasSecondPassword && (
          <Alert
            type="warning"
            showIcon
            className="wallet-alert"
            title={t('withdraw.noSecondPassword')}
            action={
              <Button size="small" onClick={() => openPath('/mine/userinfo')}>
                {t('withdraw.goSet')}
              </Button>
            }
          />
        )}
        {remainingFen > 0 && (
          <Alert
            type="warning"
            showIcon
            className="wallet-alert"
            data-testid="turnover-block"
            title={t('withdraw.turnoverBlock', { remaining: formatAmount(remainingFen) })}
          />
        )}
        {countLeft === 0 && <Alert type="warning" showIcon className="wallet-alert" title={t('withdraw.countBlock')} />}
        <Form form={form} layout="vertical" className="wallet-form" onFinish={submit} disabled={blocked}>
          <Form.Item label={t('withdraw.method')}>
            <Segmented<Method>
              value={method}
              onChange={(m) => {
                setMethod(m);
                form.resetFields();
              }}
              options={[
                { value: 'bank', label: t('withdraw.bank') },
                { value: 'usdt', label: t('withdraw.usdt') },
              ]}
            />
          </Form.Item>
          {targets.length === 0 ? (
            <Alert
              type="info"
              showIcon
              className="wallet-alert"
              title={method === 'bank' ? t('withdraw.noCard') : t('withdraw.noAddress')}
              action={
                <Button
                  size="small"
                  type="primary"
                  disabled={false}
                  onClick={() => goName(method === 'bank' ? 'addBankCard' : 'virtualCoinCard')}
                >
                  {t('withdraw.goBind')}
                </Button>
              }
            />
          ) : (
            <Form.Item
              name="targetId"
              label={t('withdraw.target')}
              initialValue={targets[0]?.value}
              rules={[{ required: true, message: t('withdraw.targetRequired') }]}
            >
              <Select options={targets} />
            </Form.Item>
          )}
          <Form.Item
            name="amount"
            label={t('withdraw.amount')}
            required
            rules={[amountRule]}
            extra={
              limits &&
              t('withdraw.limits', {
                min: formatAmount(parseWireAmount(limits.min) ?? 0),
                max: formatAmount(parseWireAmount(limits.max) ?? 0),
              })
            }
          >
            <AmountInput
              aria-label={t('withdraw.amount')}
              placeholder={t('withdraw.amountPlaceholder')}
              allFen={balanceFen !== null && limits ? Math.min(balanceFen, parseWireAmount(limits.max) ?? balanceFen) : null}
            />
          </Form.Item>
          <UppercaseAmount value={amount} />
          {method === 'usdt' && rateFen && parseAmount(amount ?? '') !== null && (
            <p className="muted" data-testid="usdt-estimate">
              {t('withdraw.usdtEstimate', {
                usdt: formatAmount(Math.floor((parseAmount(amount ?? '')! * 100) / rateFen), { dropZeroDecimals: false }),
                rate: usdt.data?.rate,
              })}
            </p>
          )}
          <Form.Item
            name="secondPassword"
            label={t('withdraw.secondPassword')}
            rules={[{ required: true, message: t('withdraw.secondPasswordRequired') }]}
          >
            <Input.Password maxLength={LIMITS.PASSWORD_MAX} autoComplete="off" placeholder={t('withdraw.secondPasswordPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" loading={busy} block>
            {t('withdraw.submit')}
          </Button>
        </Form>
      </Panel>
      <Orders />
    </>
  );
}
