/**
 * /mine/savemoney: pick a channel (bank transfer, e-wallet, virtual currency), an amount (presets or
 * typed, within the channel's min/max), a deposit bonus to opt into (DepositBonus.tsx), create the order
 * (Idempotency-Key reused by a retry), open the payment page and follow the order on its wait page.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Form, Radio, Skeleton } from 'antd';
import { BankOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { depositApi, type ResponseOf } from '@portal/contract';
import { checkAmountLimits, formatAmount, parseAmount, parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { goName } from '../../routes/nav.ts';
import { AmountInput, money, wireAmount } from '../../ui/money/index.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { ChoiceGrid, Panel, UppercaseAmount, WALLET_KEY, useAction, useIdempotencyKey } from './common.tsx';
import { openPayPage, waitRouteOf } from './depositOrder.ts';
import { useAmountRule } from './amountRule.ts';
import { DepositBonusPicker, initialBonus, NO_BONUS, useDepositBonuses } from './DepositBonus.tsx';
import { DepositLimitCard } from '../protection/DepositLimitCard.tsx';

type Channel = ResponseOf<typeof depositApi.types>[number];
const ICONS = { bank: <BankOutlined />, ewallet: <WalletOutlined />, usdt: <QrcodeOutlined /> } as const;

/** Fee of an amount at a percent rate ('1.5' → 150 basis points), floored to the fen as the server does. */
function feeFen(amountFen: number, feeRate: string): number {
  const bp = parseAmount(feeRate) ?? 0;
  return Math.floor((amountFen * bp) / 10_000);
}

export function SaveMoneyPage() {
  const { t } = useTranslation('wallet');
  const idem = useIdempotencyKey();
  const types = useQuery({ queryKey: [WALLET_KEY, 'depositTypes'], queryFn: () => call(depositApi.types, {}) });
  const [channelId, setChannelId] = useState<string | null>(null);
  const [form] = Form.useForm<{ amount: string; network?: 'TRC20' | 'ERC20' }>();
  const amount = Form.useWatch('amount', form);
  const [busy, run] = useAction();
  const client = useQueryClient();
  const bonuses = useDepositBonuses();
  const [picked, setPicked] = useState<string | null>(null);
  const bonus = picked ?? initialBonus(bonuses.data ?? []);
  const pickBonus = useCallback((id: string) => setPicked(id), []);

  const channels = types.data ?? [];
  const channel: Channel | undefined = channels.find((c) => c.id === channelId) ?? channels[0];
  useEffect(() => {
    form.setFieldValue('network', channel?.networks[0]);
  }, [channel, form]);
  const amountRule = useAmountRule('deposit', { minFen: parseWireAmount(channel?.min), maxFen: parseWireAmount(channel?.max) });

  const submit = async (v: { amount: string; network?: 'TRC20' | 'ERC20' }) => {
    if (!channel) return;
    const body = {
      channelId: channel.id,
      amount: wireAmount(v.amount),
      ...(channel.type === 'usdt' && v.network ? { network: v.network } : {}),
      ...(bonus !== NO_BONUS ? { activityId: bonus } : {}),
    };
    await run(async () => {
      const order = await call(depositApi.pay, body, { idempotencyKey: idem.keyFor(body) });
      idem.settled();
      void client.invalidateQueries({ queryKey: [WALLET_KEY, 'depositBonuses'] });
      openPayPage(order.payUrl);
      goName(waitRouteOf(channel.type), { query: { orderNo: order.orderNo } });
    });
  };

  if (types.isPending)
    return (
      <Panel>
        <Skeleton active />
      </Panel>
    );
  if (types.isError)
    return (
      <Panel>
        <EmptyState title={t('common.loadFailed')} action={<Button onClick={() => types.refetch()}>{t('common.retry')}</Button>} />
      </Panel>
    );
  if (!channel)
    return (
      <Panel>
        <EmptyState icon={<BankOutlined />} title={t('deposit.none')} description={t('deposit.noneText')} />
      </Panel>
    );

  const typedFen = amount ? parseAmount(amount) : null;
  const valid =
    amount !== undefined &&
    checkAmountLimits(amount, { minFen: parseWireAmount(channel.min), maxFen: parseWireAmount(channel.max) }) === null;
  return (
    <Panel>
      <Alert type="warning" showIcon className="wallet-alert" title={t('deposit.safety')} />
      <DepositLimitCard />
      <Form form={form} layout="vertical" className="wallet-form wallet-form--wide" onFinish={submit}>
        <Form.Item label={t('deposit.channel')} required>
          <ChoiceGrid
            kind="channel"
            label={t('deposit.channel')}
            value={channel.id}
            onPick={(id) => {
              setChannelId(id);
              form.resetFields(['amount']);
            }}
            choices={channels.map((c) => ({
              key: c.id,
              content: (
                <>
                  <span className="channel-card__icon" aria-hidden="true">
                    {ICONS[c.type]}
                  </span>
                  <span className="channel-card__name">{c.name}</span>
                  <small>
                    {t(`deposit.type.${c.type}`)} · {money(c.min)} - {money(c.max)}
                  </small>
                </>
              ),
            }))}
          />
        </Form.Item>
        {channel.type === 'usdt' && (
          <Form.Item name="network" label={t('deposit.network')} rules={[{ required: true, message: t('deposit.networkRequired') }]}>
            <Radio.Group optionType="button" options={channel.networks.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        )}
        <Form.Item
          name="amount"
          label={t('deposit.amount')}
          required
          rules={[amountRule]}
          extra={t('deposit.limits', {
            min: formatAmount(parseWireAmount(channel.min) ?? 0),
            max: formatAmount(parseWireAmount(channel.max) ?? 0),
          })}
        >
          <AmountInput aria-label={t('deposit.amount')} placeholder={t('deposit.amountPlaceholder')} />
        </Form.Item>
        {channel.presets.length > 0 && (
          <div className="preset-row" aria-label={t('deposit.presets')}>
            {channel.presets.map((p) => (
              <Button
                key={p}
                className={`preset${parseWireAmount(p) === typedFen ? ' preset--on' : ''}`}
                onClick={() => {
                  form.setFieldValue('amount', String(formatAmount(parseWireAmount(p) ?? 0, { grouping: false })));
                  void form.validateFields(['amount']);
                }}
              >
                {money(p)}
              </Button>
            ))}
          </div>
        )}
        <UppercaseAmount value={amount} />
        {valid && typedFen !== null && (
          <dl className="deposit-sum">
            <dt>{t('deposit.fee')}</dt>
            <dd data-testid="deposit-fee">
              {parseWireAmount(channel.feeRate) === 0
                ? t('deposit.free')
                : `${money(feeFen(typedFen, channel.feeRate))} (${channel.feeRate}%)`}
            </dd>
          </dl>
        )}
        <DepositBonusPicker list={bonuses.data ?? []} value={bonus} onPick={pickBonus} amount={valid ? amount : undefined} />
        <Button type="primary" htmlType="submit" size="large" loading={busy} block>
          {t('deposit.submit')}
        </Button>
      </Form>
    </Panel>
  );
}
