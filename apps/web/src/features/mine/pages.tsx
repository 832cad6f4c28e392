/**
 * Member-centre pages whose data arrives with later issues (wallet, deposit, transfer, withdraw,
 * records, VIP, welfare, messages, feedback, cards): each shows its real layout — filters, tables,
 * forms — with an honest empty state, never invented figures.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, DatePicker, Form, Input, Segmented, Select, Table } from 'antd';
import {
  BankOutlined, CrownOutlined, FileSearchOutlined, GiftOutlined, HourglassOutlined, MailOutlined, ReadOutlined,
  SwapOutlined, WalletOutlined, ShopOutlined, CommentOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@portal/rules';
import { bus } from '../../app/events.ts';
import { useSession } from '../../stores/session.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';

function Panel({ children, title }: { children: ReactNode; title?: ReactNode }) {
  return (
    <div className="panel">
      {title && <h2 className="panel__title">{title}</h2>}
      {children}
    </div>
  );
}

function Soon({ k, icon }: { k: string; icon: ReactNode }) {
  const { t } = useTranslation('mine');
  return <EmptyState icon={icon} title={t(`empty.${k}`)} description={t(`empty.${k}Text`)} />;
}

export function WalletPage() {
  const { t } = useTranslation('mine');
  const balanceFen = useSession((s) => s.balanceFen);
  return (
    <>
      <div className="wallet-cards">
        <div className="wallet-card wallet-card--main">
          <span>{t('wallet.center')}</span>
          <strong data-testid="wallet-center">{balanceFen === null ? '--' : `¥ ${formatAmount(balanceFen)}`}</strong>
        </div>
        <div className="wallet-card">
          <span>{t('wallet.venues')}</span>
          <strong>--</strong>
        </div>
      </div>
      <Panel title={t('wallet.venues')}>
        <Soon k="wallet" icon={<WalletOutlined />} />
      </Panel>
    </>
  );
}

export const SaveMoneyPage = () => <Panel><Soon k="deposit" icon={<BankOutlined />} /></Panel>;
export const TransferMoneyPage = () => <Panel><Soon k="transfer" icon={<SwapOutlined />} /></Panel>;
export const TakeMoneyPage = () => <Panel><Soon k="withdraw" icon={<WalletOutlined />} /></Panel>;

type RecordKind = 'trans' | 'bet' | 'gift';

function RecordPage({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation('mine');
  const [range, setRange] = useState<'today' | 'week' | 'month'>('today');
  const columns =
    kind === 'bet'
      ? ['time', 'orderNo', 'venue', 'betAmount', 'winLoss', 'status']
      : kind === 'gift'
        ? ['time', 'giftType', 'amount', 'status']
        : ['time', 'orderNo', 'type', 'amount', 'status'];
  return (
    <Panel>
      <div className="record-filters">
        <Segmented value={range} onChange={setRange} options={(['today', 'week', 'month'] as const).map((k) => ({ value: k, label: t(`records.${k}`) }))} />
        <DatePicker.RangePicker aria-label={t('records.range')} />
        {kind === 'trans' && (
          <Select
            className="record-filters__type"
            defaultValue="all"
            aria-label={t('records.type')}
            options={['all', 'deposit', 'withdraw', 'transfer', 'bonus'].map((k) => ({ value: k, label: k === 'all' ? t('records.all') : t(`records.trans.${k}`) }))}
          />
        )}
        <Button type="primary">{t('records.query')}</Button>
      </div>
      <Table
        rowKey="id"
        dataSource={[]}
        pagination={false}
        columns={columns.map((c) => ({ key: c, dataIndex: c, title: t(`records.${c}`) }))}
        locale={{ emptyText: <EmptyState icon={<FileSearchOutlined />} title={t('empty.records')} description={t('empty.recordsText')} /> }}
      />
    </Panel>
  );
}

export const TransRecordPage = () => <RecordPage kind="trans" />;
export const BetRecordPage = () => <RecordPage kind="bet" />;
export const GiftRecordPage = () => <RecordPage kind="gift" />;

export const VipPage = () => <Panel><Soon k="vip" icon={<CrownOutlined />} /></Panel>;
export const VipDetailPage = VipPage;
export const WelfarePage = () => <Panel><Soon k="welfare" icon={<GiftOutlined />} /></Panel>;
export const ExchangePage = () => <Panel><Soon k="exchange" icon={<ShopOutlined />} /></Panel>;

export function MessagePage() {
  const { t } = useTranslation('mine');
  const [tab, setTab] = useState<'notice' | 'activity'>('notice');
  return (
    <Panel>
      <div className="record-filters">
        <Segmented value={tab} onChange={setTab} options={(['notice', 'activity'] as const).map((k) => ({ value: k, label: t(`messages.${k}`) }))} />
        <Button disabled>{t('messages.readAll')}</Button>
      </div>
      <Soon k="messages" icon={<MailOutlined />} />
    </Panel>
  );
}

/** Feedback form: the full form with its rules; submitting arrives with the feedback issue. */
export function FeedbackPage() {
  const { t } = useTranslation('mine');
  const [form] = Form.useForm<{ type: string; content: string }>();
  return (
    <Panel>
      <Alert type="info" showIcon title={t('feedback.soon')} className="mine-alert" />
      <Form form={form} layout="vertical" className="mine-form" initialValues={{ type: 'deposit' }}>
        <Form.Item name="type" label={t('feedback.type')}>
          <Select options={(['deposit', 'withdraw', 'game', 'activity', 'other'] as const).map((k) => ({ value: k, label: t(`feedback.types.${k}`) }))} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('feedback.content')}
          rules={[{ required: true, whitespace: true, message: t('feedback.contentRequired') }, { min: 10, message: t('feedback.contentShort') }]}
        >
          <Input.TextArea rows={6} maxLength={500} showCount placeholder={t('feedback.contentPlaceholder')} />
        </Form.Item>
        <Button type="primary" disabled title={t('feedback.soon')}>
          {t('feedback.submit')}
        </Button>
        <Button type="link" icon={<CommentOutlined />} onClick={() => bus.emit('open_customer_service')}>
          {t('nav:section.service', { ns: 'nav' })}
        </Button>
      </Form>
    </Panel>
  );
}

export const FeedbackListPage = () => <Panel><Soon k="feedbackList" icon={<CommentOutlined />} /></Panel>;

const cards = () => <Panel><Soon k="cards" icon={<BankOutlined />} /></Panel>;
export const AddBankCardPage = cards;
export const VirtualCoinCardPage = cards;
export const AlipayManagePage = cards;
export const AccountManagePage = cards;
export const IntroTutorialPage = () => <Panel><Soon k="tutorial" icon={<ReadOutlined />} /></Panel>;

const wait = () => <Panel><Soon k="wait" icon={<HourglassOutlined />} /></Panel>;
export const RechargeWaitPage = wait;
export const TransferWaitPage = wait;
export const VirtualWaitPage = wait;
export const HuiwangWaitPage = wait;
export const XnbskWaitPage = wait;
