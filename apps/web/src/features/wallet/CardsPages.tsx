/**
 * Payout targets (bound phone and real name required — the route guard): bank cards (addBankCard),
 * USDT addresses (virtualCoinCard), one target's details (accountManage/{id}), e-wallet accounts
 * (alipayManage: not a withdrawal method here) and the binding tutorial (introTutorial).
 */
import { useState } from 'react';
import { App as AntApp, Button, Descriptions, Form, Input, Radio, Select, Skeleton } from 'antd';
import { BankOutlined, PlusOutlined, QrcodeOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withdrawApi, type ResponseOf } from '@portal/contract';
import { groupCardNo, isBankCardNo, isUsdtAddress, normalizeCardNo, type UsdtNetwork } from '@portal/rules';
import { call } from '../../api/client.ts';
import { goName } from '../../routes/nav.ts';
import { useSession } from '../../stores/session.ts';
import { ruleOf } from '../../ui/form/rules.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel, WALLET_KEY, useAction } from './common.tsx';
import { minuteText } from '../../ui/time/format.ts';

type Cards = ResponseOf<typeof withdrawApi.memberCards>;
const CARDS_KEY = [WALLET_KEY, 'cards'];

function useCards() {
  return useQuery({ queryKey: CARDS_KEY, queryFn: () => call(withdrawApi.memberCards, {}) });
}

function BankCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const realName = useSession((s) => s.user?.realName ?? '');
  const banks = useQuery({ queryKey: [WALLET_KEY, 'banks'], queryFn: () => call(withdrawApi.banks, {}), staleTime: Infinity });
  const [form] = Form.useForm<{ bankCode: string; cardNo: string; branch?: string }>();
  const [busy, run] = useAction();
  const submit = async (v: { bankCode: string; cardNo: string; branch?: string }) => {
    await run(async () => {
      const branch = v.branch?.trim();
      await call(withdrawApi.addCard, {
        bankCode: v.bankCode,
        cardNo: normalizeCardNo(v.cardNo),
        holderName: realName,
        ...(branch ? { branch } : {}),
      });
      void message.success(t('cards.cardAdded'));
      await client.invalidateQueries({ queryKey: [WALLET_KEY] });
      onDone();
    });
  };
  return (
    <Form form={form} layout="vertical" className="wallet-form" onFinish={submit} data-testid="bank-card-form">
      <Form.Item label={t('cards.holder')} extra={t('cards.holderHint')}>
        <Input value={realName} disabled />
      </Form.Item>
      <Form.Item name="bankCode" label={t('cards.bank')} rules={[{ required: true, message: t('cards.bankRequired') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('cards.bankPlaceholder')}
          loading={banks.isPending}
          options={(banks.data ?? []).map((b) => ({ value: b.bankCode, label: b.bankName }))}
        />
      </Form.Item>
      <Form.Item
        name="cardNo"
        label={t('cards.cardNo')}
        normalize={(v: string) => groupCardNo(v)}
        rules={[ruleOf((v) => (isBankCardNo(v) ? null : t('cards.cardNoInvalid')))]}
      >
        <Input placeholder={t('cards.cardNoPlaceholder')} inputMode="numeric" maxLength={23} autoComplete="cc-number" />
      </Form.Item>
      <Form.Item name="branch" label={t('cards.branch')}>
        <Input placeholder={t('cards.branchPlaceholder')} maxLength={64} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('cards.addCard')}
      </Button>
    </Form>
  );
}

/** A payout-target page: the bound targets as cards (each opens accountManage/{id}), and the add form. */
function TargetsPage({ kind }: { kind: 'bank' | 'usdt' }) {
  const { t } = useTranslation('wallet');
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  const bank = kind === 'bank';
  const items = bank
    ? (cards.data?.cards ?? []).map((c) => ({
        id: c.id,
        icon: <BankOutlined className="bank-card__icon" />,
        head: c.bankName,
        body: <span className="bank-card__no">{c.cardNo}</span>,
        foot: <span className="bank-card__holder">{c.holderName}</span>,
      }))
    : (cards.data?.usdt ?? []).map((a) => ({
        id: a.id,
        icon: <QrcodeOutlined className="bank-card__icon" />,
        head: `USDT · ${a.network}`,
        body: <span className="bank-card__no bank-card__no--address">{a.address}</span>,
        foot: null,
      }));
  const addLabel = bank ? t('cards.addCard') : t('cards.addAddress');
  const done = () => setAdding(false);
  return (
    <Panel
      title={bank ? t('cards.bankTitle') : t('cards.usdtTitle')}
      extra={
        !adding &&
        items.length > 0 && (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {addLabel}
          </Button>
        )
      }
    >
      {cards.isPending && <Skeleton active />}
      {items.length > 0 && (
        <ul className="card-list">
          {items.map((i) => (
            <li key={i.id}>
              <button
                type="button"
                className={`bank-card${bank ? '' : ' bank-card--usdt'}`}
                onClick={() => goName('accountManage', { params: { id: i.id } })}
              >
                {i.icon}
                <span className="bank-card__bank">{i.head}</span>
                {i.body}
                {i.foot}
              </button>
            </li>
          ))}
        </ul>
      )}
      {cards.data && (adding || items.length === 0) && (bank ? <BankCardForm onDone={done} /> : <UsdtForm onDone={done} />)}
    </Panel>
  );
}

export const AddBankCardPage = () => <TargetsPage kind="bank" />;
export const VirtualCoinCardPage = () => <TargetsPage kind="usdt" />;

function UsdtForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ network: UsdtNetwork; address: string }>();
  const [busy, run] = useAction();
  const submit = async (v: { network: UsdtNetwork; address: string }) => {
    await run(async () => {
      await call(withdrawApi.addUsdt, { network: v.network, address: v.address.trim() });
      void message.success(t('cards.addressAdded'));
      await client.invalidateQueries({ queryKey: [WALLET_KEY] });
      form.resetFields();
      onDone();
    });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      className="wallet-form"
      onFinish={submit}
      initialValues={{ network: 'TRC20' }}
      data-testid="usdt-form"
    >
      <Form.Item name="network" label={t('cards.network')}>
        <Radio.Group optionType="button" options={['TRC20', 'ERC20'].map((n) => ({ value: n, label: n }))} />
      </Form.Item>
      <Form.Item
        name="address"
        label={t('cards.address')}
        dependencies={['network']}
        rules={[
          ({ getFieldValue }) =>
            ruleOf((v) => (isUsdtAddress(getFieldValue('network') as UsdtNetwork, v.trim()) ? null : t('cards.addressInvalid'))),
        ]}
      >
        <Input placeholder={t('cards.addressPlaceholder')} maxLength={64} autoComplete="off" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('cards.addAddress')}
      </Button>
      <Button type="link" onClick={() => goName('introTutorial')}>
        {t('cards.tutorial')}
      </Button>
    </Form>
  );
}

function find(cards: Cards | undefined, id: string) {
  const card = cards?.cards.find((c) => c.id === id);
  const address = cards?.usdt.find((a) => a.id === id);
  return { card, address };
}

export function AccountManagePage() {
  const { t } = useTranslation('wallet');
  const { id = '' } = useParams();
  const cards = useCards();
  if (cards.isPending)
    return (
      <Panel>
        <Skeleton active />
      </Panel>
    );
  const { card, address } = find(cards.data, id);
  if (!card && !address) {
    return (
      <Panel>
        <EmptyState title={t('cards.notFound')} action={<Button onClick={() => goName('addBankCard')}>{t('cards.bankTitle')}</Button>} />
      </Panel>
    );
  }
  return (
    <Panel title={card ? t('cards.cardDetail') : t('cards.addressDetail')}>
      <Descriptions column={1} bordered size="middle" className="wallet-desc">
        {card && <Descriptions.Item label={t('cards.bank')}>{card.bankName}</Descriptions.Item>}
        {card && <Descriptions.Item label={t('cards.cardNo')}>{card.cardNo}</Descriptions.Item>}
        {card && <Descriptions.Item label={t('cards.holder')}>{card.holderName}</Descriptions.Item>}
        {address && <Descriptions.Item label={t('cards.network')}>{address.network}</Descriptions.Item>}
        {address && <Descriptions.Item label={t('cards.address')}>{address.address}</Descriptions.Item>}
        <Descriptions.Item label={t('cards.addedAt')}>{minuteText((card ?? address)!.createdAt)}</Descriptions.Item>
      </Descriptions>
      <p className="mine-form__hint">{t('cards.changeHint')}</p>
      <Button type="primary" onClick={() => goName('takeMoney')}>
        {t('cards.toWithdraw')}
      </Button>
    </Panel>
  );
}

export function AlipayManagePage() {
  const { t } = useTranslation('wallet');
  return (
    <Panel title={t('cards.ewalletTitle')}>
      <EmptyState
        icon={<WalletOutlined />}
        title={t('cards.ewalletNone')}
        description={t('cards.ewalletText')}
        action={
          <>
            <Button type="primary" onClick={() => goName('addBankCard')}>
              {t('cards.bankTitle')}
            </Button>{' '}
            <Button onClick={() => goName('virtualCoinCard')}>{t('cards.usdtTitle')}</Button>
          </>
        }
      />
    </Panel>
  );
}

const TUTORIAL_STEPS = ['wallet', 'network', 'copy', 'bind', 'check'] as const;

export function IntroTutorialPage() {
  const { t } = useTranslation('wallet');
  return (
    <Panel title={t('tutorial.title')}>
      <p className="tutorial-lead">{t('tutorial.lead')}</p>
      <ol className="tutorial-steps">
        {TUTORIAL_STEPS.map((s) => (
          <li key={s}>
            <strong>{t(`tutorial.steps.${s}.title`)}</strong>
            <p>{t(`tutorial.steps.${s}.text`)}</p>
          </li>
        ))}
      </ol>
      <Button type="primary" onClick={() => goName('virtualCoinCard')}>
        {t('cards.addAddress')}
      </Button>
    </Panel>
  );
}
