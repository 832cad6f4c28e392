/**
 * /mine/transfermoney: move money between the central wallet and a venue wallet. Spec §5 amount rules
 * (required '请输入转入金额', 2 decimals, max length 12, 'all' fills the whole balance), §8: success
 * shows '转账成功', failure the server's message. A retry of the same transfer reuses its key.
 */
import { useEffect, useState } from 'react';
import { App as AntApp, Button, Form, Segmented, Skeleton } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { walletApi } from '@portal/contract';
import { parseAmount, parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { AmountInput, money, useAmountRules, wireAmount } from '../../ui/money/index.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { ChoiceGrid, Panel, UppercaseAmount, useAction, useAllBalance, useIdempotencyKey, useMoneyMoved } from './common.tsx';

type Direction = 1 | 2;

export function TransferMoneyPage() {
  const { t } = useTranslation('wallet');
  const { message } = AntApp.useApp();
  const [params] = useSearchParams();
  const all = useAllBalance();
  const moved = useMoneyMoved();
  const idem = useIdempotencyKey();
  const amountRules = useAmountRules();
  const [form] = Form.useForm<{ amount: string }>();
  const amount = Form.useWatch('amount', form);
  const [channel, setChannel] = useState<string | null>(params.get('channel'));
  const [ty, setTy] = useState<Direction>(1);
  const [busy, run] = useAction();

  const venues = all.data?.list ?? [];
  const firstActive = venues.find((v) => v.status === 'active')?.channelCode;
  useEffect(() => {
    if (!channel && firstActive) setChannel(firstActive);
  }, [channel, firstActive]);
  const venue = venues.find((v) => v.channelCode === channel);
  const centralFen = parseWireAmount(all.data?.centerWalletBalance);
  const venueFen = parseWireAmount(venue?.balance);
  const sourceFen = ty === 1 ? centralFen : venueFen;

  const overBalance = {
    validator: (_r: unknown, v: unknown) => {
      const fen = typeof v === 'string' ? parseAmount(v) : null;
      return fen !== null && sourceFen !== null && fen > sourceFen
        ? Promise.reject(new Error(ty === 1 ? t('transfer.overCentral') : t('transfer.overVenue')))
        : Promise.resolve();
    },
  };

  const submit = async (v: { amount: string }) => {
    if (!venue) return;
    const body = { channelCode: venue.channelCode, amount: wireAmount(v.amount), ty };
    await run(async () => {
      const r = await call(walletApi.utcTransfer, body, { idempotencyKey: idem.keyFor(body) });
      idem.settled();
      if (r.status === 'completed') void message.success(t('transfer.done'));
      else void message.info(t('transfer.pending'));
      form.resetFields();
      await moved();
    });
  };

  if (all.isPending)
    return (
      <Panel>
        <Skeleton active />
      </Panel>
    );
  if (all.isError)
    return (
      <Panel>
        <EmptyState title={t('common.loadFailed')} action={<Button onClick={() => all.refetch()}>{t('common.retry')}</Button>} />
      </Panel>
    );

  const from = ty === 1 ? t('transfer.central') : (venue?.name ?? '');
  const to = ty === 1 ? (venue?.name ?? '') : t('transfer.central');
  return (
    <Panel>
      <div className="transfer-flow" aria-live="polite">
        <div className="transfer-flow__end">
          <span>{from}</span>
          <strong data-testid="transfer-from">{money(sourceFen)}</strong>
        </div>
        <ArrowRightOutlined className="transfer-flow__arrow" />
        <div className="transfer-flow__end">
          <span>{to}</span>
          <strong data-testid="transfer-to">{money(ty === 1 ? venueFen : centralFen)}</strong>
        </div>
      </div>
      <Form form={form} layout="vertical" className="wallet-form" onFinish={submit}>
        <Form.Item label={t('transfer.venue')} required>
          <ChoiceGrid
            kind="venue"
            label={t('transfer.venue')}
            value={channel ?? undefined}
            onPick={(code) => {
              setChannel(code);
              void form.validateFields().catch(() => undefined);
            }}
            choices={venues.map((v) => ({
              key: v.channelCode,
              disabled: v.status !== 'active',
              content: (
                <>
                  <span>{v.name}</span>
                  <small>{v.status === 'active' ? money(v.balance) : t('wallet.maintenance')}</small>
                </>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('transfer.direction')}>
          <Segmented<Direction>
            value={ty}
            onChange={(d) => {
              setTy(d);
              form.resetFields();
            }}
            options={[
              { value: 1, label: t('transfer.in') },
              { value: 2, label: t('transfer.out') },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('transfer.amount')} rules={[...amountRules, overBalance]} validateFirst required>
          <AmountInput
            allFen={sourceFen}
            aria-label={t('transfer.amount')}
            placeholder={ty === 1 ? t('transfer.amountIn') : t('transfer.amountOut')}
          />
        </Form.Item>
        <UppercaseAmount value={amount} />
        <Button type="primary" htmlType="submit" size="large" loading={busy} disabled={!venue} block>
          {t('transfer.submit')}
        </Button>
      </Form>
    </Panel>
  );
}
