/**
 * Time-out (24 小时 – 6 周) and self-exclusion (6 个月 – 5 年, or permanent), optionally for every brand: what it
 * does is said before the choice, the login password (md5, as the login sends it) confirms it, and after it the
 * member is logged out here too (the server already ended every session) with the end date shown.
 */
import { useState } from 'react';
import { Alert, App as AntApp, Button, Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXCLUSION_PERIODS, TIMEOUT_PERIODS, protectionApi } from '@portal/contract';
import { bus } from '../../app/events.ts';
import { call } from '../../api/client.ts';
import { md5 } from '../../api/md5.ts';
import { useAction } from '../mine/useApiError.ts';
import { minuteText } from '../../ui/time/format.ts';
import { useProtectionUi } from './store.ts';

type Kind = 'timeout' | 'self_exclusion';
type Period = (typeof TIMEOUT_PERIODS)[number] | (typeof EXCLUSION_PERIODS)[number];
const PERIODS: Record<Kind, readonly Period[]> = { timeout: TIMEOUT_PERIODS, self_exclusion: EXCLUSION_PERIODS };

interface Values {
  kind: Kind;
  period: Period;
  allBrands: boolean;
  password: string;
}

/** What the member reads before choosing: every effect of a time-out or a self-exclusion. */
export function ExclusionEffects() {
  const { t } = useTranslation('protection');
  const effects = t('exclusion.effects', { returnObjects: true }) as unknown;
  return (
    <Alert
      type="warning"
      showIcon
      className="rg-warning"
      title={t('exclusion.warningTitle')}
      description={
        <ul className="rg-effects">
          {(Array.isArray(effects) ? (effects as string[]) : []).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      }
    />
  );
}

export function ExclusionPanel() {
  const { t } = useTranslation('protection');
  const { modal } = AntApp.useApp();
  const [busy, run] = useAction();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'timeout';
  const [initial] = useState<Partial<Values>>({ kind: 'timeout', period: '24h', allBrands: false });
  const kindText = (k: Kind) => t(k === 'timeout' ? 'exclusion.timeout' : 'exclusion.selfExclusion');

  const submit = async (v: Values) => {
    const ok = await modal.confirm({
      title: t('exclusion.confirmTitle', { kind: kindText(v.kind) }),
      content: t('exclusion.confirmText', { kind: kindText(v.kind), period: t(`exclusion.periods.${v.period}`) }),
      okButtonProps: { danger: true },
    });
    if (!ok) return;
    await run(async () => {
      const done = await call(protectionApi.exclude, {
        kind: v.kind,
        period: v.period,
        allBrands: v.allBrands === true,
        password: md5(v.password),
      });
      // Every session of the member ended on the server: end this one here too, then say until when.
      useProtectionUi.getState().leave('clear');
      bus.emit('show_dialog_tips', {
        title: t('exclusion.doneTitle'),
        content: done.until === null ? t('exclusion.donePermanent') : t('exclusion.doneUntil', { until: minuteText(done.until) }),
      });
    });
  };

  return (
    <section className="panel rg-section" aria-labelledby="rg-exclusion" data-testid="exclusion">
      <h2 className="panel__title" id="rg-exclusion">
        {t('exclusion.title')}
      </h2>
      <ExclusionEffects />
      <Form form={form} layout="vertical" className="rg-exclusion" initialValues={initial} onFinish={(v) => void submit(v)}>
        <Form.Item name="kind" label={t('exclusion.kindLabel')}>
          <Radio.Group
            onChange={(e) => form.setFieldValue('period', PERIODS[e.target.value as Kind][0])}
            options={(['timeout', 'self_exclusion'] as const).map((k) => ({
              value: k,
              label: (
                <span>
                  {kindText(k)}{' '}
                  <small className="rg-muted">{t(k === 'timeout' ? 'exclusion.timeoutHint' : 'exclusion.selfExclusionHint')}</small>
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('exclusion.periodLabel')}>
          <Radio.Group optionType="button" options={PERIODS[kind].map((p) => ({ value: p, label: t(`exclusion.periods.${p}`) }))} />
        </Form.Item>
        <Form.Item name="allBrands" valuePropName="checked" extra={t('exclusion.allBrandsHint')}>
          <Checkbox>{t('exclusion.allBrands')}</Checkbox>
        </Form.Item>
        <Form.Item name="password" label={t('exclusion.password')} rules={[{ required: true, message: t('exclusion.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" placeholder={t('exclusion.passwordHint')} />
        </Form.Item>
        <Button danger type="primary" htmlType="submit" loading={busy}>
          {t('exclusion.submit')}
        </Button>
      </Form>
    </section>
  );
}
