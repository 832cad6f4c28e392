/**
 * The session time limit (minutes per login; a raise or removal waits for its cooling-off like the money
 * limits) and the reality-check interval (15–120 minutes or off; the dialog itself is RealityCheckRoot).
 */
import { useState } from 'react';
import { App as AntApp, Button, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROTECTION_RULES, REALITY_CHECK_MINUTES, protectionApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useAction } from '../mine/useApiError.ts';
import { minuteText } from '../../ui/time/format.ts';
import { useApplyState, type ProtectionState } from './api.ts';
import { Pending } from './Pending.tsx';

function SessionLimit({ session }: { session: ProtectionState['session'] }) {
  const { t } = useTranslation('protection');
  const { message } = AntApp.useApp();
  const apply = useApplyState();
  const [busy, run] = useAction();
  const [minutes, setMinutes] = useState<number | null>(session.limitMinutes);
  const save = (value: number | null) =>
    run(async () => {
      apply(await call(protectionApi.setSessionLimit, { minutes: value }));
      void message.success(t('saved'));
    });
  return (
    <div className="rg-setting" data-testid="session-limit">
      <h3 className="rg-kind__title">{t('session.limit')}</h3>
      <p className="rg-muted">{t('session.limitHint')}</p>
      <p>
        {t('kind.session')}：
        <strong data-testid="session-limit-current">
          {session.limitMinutes === null ? t('off') : t('session.minutes', { minutes: session.limitMinutes })}
        </strong>
      </p>
      <Space wrap>
        <InputNumber
          aria-label={t('session.limit')}
          inputMode="numeric"
          min={PROTECTION_RULES.SESSION_MIN_MINUTES}
          max={PROTECTION_RULES.SESSION_MAX_MINUTES}
          precision={0}
          value={minutes}
          onChange={(v) => setMinutes(typeof v === 'number' ? v : null)}
          suffix={t('session.minutesInput')}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={minutes === null || minutes === session.limitMinutes}
          onClick={() => void save(minutes)}
        >
          {t('limits.save')}
        </Button>
        {session.limitMinutes !== null && (
          <Button danger disabled={busy} onClick={() => void save(null)}>
            {t('limits.remove')}
          </Button>
        )}
      </Space>
      {session.pending && (
        <Pending
          label={session.pending.minutes === null ? t('pending.remove') : t('pending.minutes', { minutes: session.pending.minutes })}
          effectiveAt={session.pending.effectiveAt}
          confirmable={session.pending.confirmable}
          target={{ kind: 'session' }}
        />
      )}
    </div>
  );
}

function RealityInterval({ session }: { session: ProtectionState['session'] }) {
  const { t } = useTranslation('protection');
  const { message } = AntApp.useApp();
  const apply = useApplyState();
  const [busy, run] = useAction();
  const OFF = 0;
  const change = (value: number) =>
    run(async () => {
      apply(await call(protectionApi.setRealityCheck, { minutes: value === OFF ? null : value }));
      void message.success(t('saved'));
    });
  return (
    <div className="rg-setting" data-testid="reality-interval">
      <h3 className="rg-kind__title">{t('session.reality')}</h3>
      <p className="rg-muted">{t('session.realityHint')}</p>
      <Select<number>
        aria-label={t('session.reality')}
        className="rg-select"
        value={session.realityCheckMinutes ?? OFF}
        loading={busy}
        disabled={busy}
        onChange={(v) => void change(v)}
        options={[
          { value: OFF, label: t('session.realityOff') },
          ...REALITY_CHECK_MINUTES.map((m) => ({ value: m, label: t('session.realityEvery', { minutes: m }) })),
        ]}
      />
      <p className="rg-muted">{t('session.startedAt', { at: minuteText(session.startedAt) })}</p>
    </div>
  );
}

export function SessionPanel({ state }: { state: ProtectionState }) {
  const { t } = useTranslation('protection');
  return (
    <section className="panel rg-section" aria-labelledby="rg-session">
      <h2 className="panel__title" id="rg-session">
        {t('session.title')}
      </h2>
      <div className="rg-settings">
        <SessionLimit session={state.session} />
        <RealityInterval session={state.session} />
      </div>
    </section>
  );
}
