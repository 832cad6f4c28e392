/**
 * Deposit wait pages (rechargeWait, transferWait, virtualWait, huiwangWait, xnbskWait): the order of
 * ?orderNo= with its live status (polled while pending), how to pay it, and the credited result.
 * Generic e-wallet / bank-transfer / virtual-currency pages: no provider is named.
 */
import { useEffect, useRef } from 'react';
import { App as AntApp, Button, Descriptions, Result, Skeleton, Tag, Typography } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { depositApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { goName } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { usePageTitle } from '../../ui/layout/PageTitle.tsx';
import { formatMinutesSeconds, useCountdown } from '../../ui/useCountdown.ts';
import { useApiError } from '../mine/useApiError.ts';
import { Panel, WALLET_KEY, useMoneyMoved } from './common.tsx';
import { openPayPage } from './depositOrder.ts';
import { money } from '../../ui/money/index.ts';
import { secondText } from '../../ui/time/format.ts';

type Order = ResponseOf<typeof depositApi.orderStatus>;
export type WaitKind = 'recharge' | 'transfer' | 'virtual' | 'huiwang' | 'xnbsk';
/** How often a pending order is asked again. */
export const POLL_MS = 3000;
const STATUS_COLOR = { pending: 'processing', paid: 'success', failed: 'error', closed: 'default', expired: 'default' } as const;

function PayHow({ kind, order }: { kind: WaitKind; order: Order }) {
  const { t } = useTranslation('wallet');
  const client = useQueryClient();
  const onError = useApiError();
  const getCode = async () => {
    try {
      const r = await call(depositApi.createSignalCode, { orderNo: order.orderNo });
      client.setQueryData<Order>([WALLET_KEY, 'order', order.orderNo], (o) => o && { ...o, signalCode: r.signalCode });
    } catch (e) {
      onError(e);
    }
  };
  if (order.address) {
    return (
      <Descriptions column={1} bordered size="small" className="wait-how">
        <Descriptions.Item label={t('wait.network')}>{order.network}</Descriptions.Item>
        <Descriptions.Item label={t('wait.address')}>
          <Typography.Text copyable code>
            {order.address}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('wait.usdtAmount')}>
          <Typography.Text copyable strong>
            {order.usdtAmount}
          </Typography.Text>{' '}
          USDT
        </Descriptions.Item>
      </Descriptions>
    );
  }
  if (kind === 'transfer') {
    return (
      <div className="wait-how">
        <p>{t('wait.signalHint')}</p>
        {order.signalCode ? (
          <Typography.Text copyable code className="signal-code" data-testid="signal-code">
            {order.signalCode}
          </Typography.Text>
        ) : (
          <Button onClick={getCode}>{t('wait.getSignal')}</Button>
        )}
      </div>
    );
  }
  return null;
}

/** The page's title once the order has ended: 存款已到账, 支付失败, 订单已关闭 … (pending: the route's, e.g. 转账确认中). */
function useOrderTitle(order: Order | undefined): void {
  const { t } = useTranslation('wallet');
  const status = order?.status;
  usePageTitle(status === 'paid' ? t('wait.credited') : status && status !== 'pending' ? t(`wait.ended.${status}`) : null);
}

function OrderView({ kind, order }: { kind: WaitKind; order: Order }) {
  const { t } = useTranslation('wallet');
  const { modal, message } = AntApp.useApp();
  const onError = useApiError();
  const client = useQueryClient();
  const [secondsLeft] = useCountdown(order.status === 'pending' ? Date.parse(order.expireAt) : null);
  const left = order.status === 'pending' ? formatMinutesSeconds(secondsLeft) : null;
  const close = async () => {
    const ok = await modal.confirm({ title: t('wait.closeTitle'), content: t('wait.closeText') });
    if (!ok) return;
    try {
      await call(depositApi.closeOrder, { orderNo: order.orderNo });
      void message.success(t('wait.closed'));
      await client.invalidateQueries({ queryKey: [WALLET_KEY, 'order', order.orderNo] });
    } catch (e) {
      onError(e);
    }
  };
  const details = (
    <Descriptions column={2} bordered size="middle" className="wait-order">
      <Descriptions.Item label={t('wait.orderNo')}>
        <Typography.Text copyable>{order.orderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('wait.status')}>
        <Tag color={STATUS_COLOR[order.status]} data-testid="order-status">
          {t(`wait.statuses.${order.status}`)}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('wait.amount')}>
        <strong data-testid="order-amount">{money(order.amount)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('wait.fee')}>{money(order.fee)}</Descriptions.Item>
      {order.paidAt && <Descriptions.Item label={t('wait.paidAt')}>{secondText(order.paidAt)}</Descriptions.Item>}
    </Descriptions>
  );
  if (order.status === 'paid') {
    return (
      <Result
        status="success"
        title={t('wait.credited')}
        subTitle={t('wait.creditedText', { amount: money(order.amount) })}
        extra={[
          <Button type="primary" key="wallet" onClick={() => goName('wallet')}>
            {t('wait.toWallet')}
          </Button>,
          <Button key="again" onClick={() => goName('saveMoney')}>
            {t('wait.again')}
          </Button>,
        ]}
      >
        {details}
      </Result>
    );
  }
  if (order.status !== 'pending') {
    return (
      <Result
        status={order.status === 'failed' ? 'error' : 'info'}
        title={t(`wait.ended.${order.status}`)}
        subTitle={t('wait.endedText')}
        extra={
          <Button type="primary" onClick={() => goName('saveMoney')}>
            {t('wait.again')}
          </Button>
        }
      >
        {details}
      </Result>
    );
  }
  return (
    <div className="wait-pending">
      <div className="wait-pending__head">
        <HourglassOutlined className="wait-pending__icon" />
        <div>
          <h3>{t(`wait.kinds.${kind}`)}</h3>
          <p>
            {t('wait.pendingText')}{' '}
            <span className="wait-countdown" aria-live="off">
              {t('wait.expiresIn', { left })}
            </span>
          </p>
        </div>
      </div>
      {details}
      <PayHow kind={kind} order={order} />
      <div className="wait-actions">
        <Button type="primary" size="large" onClick={() => openPayPage(order.payUrl)} disabled={!order.payUrl}>
          {t('wait.pay')}
        </Button>
        <Button size="large" onClick={() => client.invalidateQueries({ queryKey: [WALLET_KEY, 'order', order.orderNo] })}>
          {t('wait.check')}
        </Button>
        <Button size="large" danger type="text" onClick={close}>
          {t('wait.close')}
        </Button>
      </div>
    </div>
  );
}

function WaitPage({ kind }: { kind: WaitKind }) {
  const { t } = useTranslation('wallet');
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const moved = useMoneyMoved();
  const order = useQuery({
    queryKey: [WALLET_KEY, 'order', orderNo],
    queryFn: () => call(depositApi.orderStatus, { orderNo }),
    enabled: orderNo.length > 0,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false),
  });
  useOrderTitle(order.data);
  // Credited: the header balance and every wallet figure follow once.
  const creditedSeen = useRef(false);
  useEffect(() => {
    if (order.data?.status !== 'paid' || creditedSeen.current) return;
    creditedSeen.current = true;
    void moved();
  }, [order.data?.status, moved]);

  if (!orderNo) {
    return (
      <Panel>
        <EmptyState
          icon={<HourglassOutlined />}
          title={t('wait.noOrder')}
          description={t('wait.noOrderText')}
          action={
            <Button type="primary" onClick={() => goName('saveMoney')}>
              {t('wait.again')}
            </Button>
          }
        />
      </Panel>
    );
  }
  return (
    <Panel>
      {order.isPending && <Skeleton active />}
      {order.isError && (
        <EmptyState title={t('wait.notFound')} action={<Button onClick={() => order.refetch()}>{t('common.retry')}</Button>} />
      )}
      {order.data && <OrderView kind={kind} order={order.data} />}
    </Panel>
  );
}

export const RechargeWaitPage = () => <WaitPage kind="recharge" />;
export const TransferWaitPage = () => <WaitPage kind="transfer" />;
export const VirtualWaitPage = () => <WaitPage kind="virtual" />;
export const HuiwangWaitPage = () => <WaitPage kind="huiwang" />;
export const XnbskWaitPage = () => <WaitPage kind="xnbsk" />;
