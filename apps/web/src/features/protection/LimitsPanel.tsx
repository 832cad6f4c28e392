/**
 * Deposit, loss and wager limits per 24 hours / 7 days / 30 days: the limit in force, what counts against it
 * in the window now (from the server), set / change / remove in a dialog, and a pending raise or removal with
 * its cooling-off. Whether a change applies at once or waits is the server's answer (the state it returns).
 */
import { useState } from 'react';
import { App as AntApp, Button, Form, Modal, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROTECTION_LIMIT_KINDS, PROTECTION_PERIODS, protectionApi, type ProtectionLimitWire } from '@portal/contract';
import { parseAmount, parseWireAmount } from '@portal/rules';
import { call } from '../../api/client.ts';
import { useAction } from '../mine/useApiError.ts';
import { AmountInput, money, progressPercent, wireAmount } from '../../ui/money/index.ts';
import { useApplyState, type ProtectionState } from './api.ts';
import { Pending } from './Pending.tsx';

type Kind = (typeof PROTECTION_LIMIT_KINDS)[number];
type Period = (typeof PROTECTION_PERIODS)[number];

function EditLimit({
  kind,
  period,
  row,
  onClose,
}: {
  kind: Kind;
  period: Period;
  row: ProtectionLimitWire | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('protection');
  const { message, modal } = AntApp.useApp();
  const apply = useApplyState();
  const [busy, run] = useAction();
  const [form] = Form.useForm<{ amount: string }>();
  const save = (amount: string | null) =>
    run(async () => {
      apply(await call(protectionApi.setLimit, { kind, period, amount }));
      void message.success(t('saved'));
      onClose();
    });
  const remove = async () => {
    if (await modal.confirm({ title: t('limits.remove'), content: t('limits.removeConfirm') })) await save(null);
  };
  return (
    <Modal
      open
      title={t('limits.editTitle', { kind: t(`kind.${kind}`), period: t(`period.${period}`) })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(wireAmount(v.amount))} className="rg-edit">
        <Form.Item
          name="amount"
          label={t('limits.amount')}
          extra={t(`kindHint.${kind}`)}
          rules={[
            {
              validator: (_, v?: string) =>
                (parseAmount(v ?? '') ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('limits.amountRequired'))),
            },
          ]}
        >
          <AmountInput aria-label={t('limits.amount')} placeholder={t('limits.amountPlaceholder')} />
        </Form.Item>
        <p className="rg-muted">{t('limits.rule')}</p>
        <div className="rg-edit__actions">
          {row?.amount && (
            <Button danger onClick={() => void remove()} disabled={busy}>
              {t('limits.remove')}
            </Button>
          )}
          <Button onClick={onClose}>{t('limits.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('limits.save')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

function LimitRow({ kind, period, row, onEdit }: { kind: Kind; period: Period; row?: ProtectionLimitWire; onEdit: () => void }) {
  const { t } = useTranslation('protection');
  const limitFen = row?.amount ? parseWireAmount(row.amount) : null;
  const usedFen = row ? parseWireAmount(row.used) : null;
  const pending = row?.pending;
  return (
    <li className="rg-limit" data-testid={`limit-${kind}-${period}`}>
      <span className="rg-limit__period">{t(`period.${period}`)}</span>
      <span className="rg-limit__amount" data-testid={`limit-${kind}-${period}-amount`}>
        {limitFen !== null ? money(limitFen) : <span className="rg-muted">{t('off')}</span>}
      </span>
      <span className="rg-limit__used">
        {limitFen !== null && usedFen !== null ? (
          <>
            <span data-testid={`limit-${kind}-${period}-used`}>
              {money(usedFen)} / {money(limitFen)}
            </span>
            <Progress
              percent={progressPercent(usedFen, limitFen)}
              size="small"
              showInfo={false}
              status={usedFen >= limitFen ? 'exception' : 'normal'}
            />
          </>
        ) : (
          <span className="rg-muted">—</span>
        )}
      </span>
      <Button size="small" onClick={onEdit}>
        {limitFen !== null ? t('limits.change') : t('limits.set')}
      </Button>
      {pending && (
        <Pending
          label={pending.amount === null ? t('pending.remove') : t('pending.amount', { amount: money(pending.amount) })}
          effectiveAt={pending.effectiveAt}
          confirmable={pending.confirmable}
          target={{ kind, period }}
        />
      )}
    </li>
  );
}

export function LimitsPanel({ state }: { state: ProtectionState }) {
  const { t } = useTranslation('protection');
  const [editing, setEditing] = useState<{ kind: Kind; period: Period } | null>(null);
  const rowOf = (kind: Kind, period: Period) => state.limits.find((l) => l.kind === kind && l.period === period);
  return (
    <section className="panel rg-section" aria-labelledby="rg-limits">
      <h2 className="panel__title" id="rg-limits">
        {t('limits.title')}
      </h2>
      <p className="rg-muted">{t('limits.rule')}</p>
      <div className="rg-kinds">
        {PROTECTION_LIMIT_KINDS.map((kind) => (
          <div key={kind} className="rg-kind" data-testid={`limits-${kind}`}>
            <h3 className="rg-kind__title">{t(`kind.${kind}`)}</h3>
            <p className="rg-muted">{t(`kindHint.${kind}`)}</p>
            <ul className="rg-limits">
              <li className="rg-limit rg-limit--head" aria-hidden="true">
                <span>{t('limits.period')}</span>
                <span>{t('limits.limit')}</span>
                <span>{t('limits.used')}</span>
                <span>{t('limits.action')}</span>
              </li>
              {PROTECTION_PERIODS.map((period) => (
                <LimitRow key={period} kind={kind} period={period} row={rowOf(kind, period)} onEdit={() => setEditing({ kind, period })} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      {editing && <EditLimit {...editing} row={rowOf(editing.kind, editing.period)} onClose={() => setEditing(null)} />}
    </section>
  );
}
