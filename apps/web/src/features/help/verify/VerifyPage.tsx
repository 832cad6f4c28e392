/**
 * /app/help/gpyz 公平验证: re-derive any slot round, card hand, dice/wheel round or lottery draw in
 * the browser from its seeds, with the rules written out (docs/fair-verification.md is the same spec). Nothing is
 * sent anywhere: the page runs @portal/games, the code the server draws with. Fields may come prefilled from the
 * address (?type=slot|cards|draw&…: the round pages link here).
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Radio, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { TITLES } from '@portal/games';
import { deriveCards, deriveDraw, deriveSlot, type Derived } from './derive.ts';
import './verify.css';

type Fields = Record<string, string>;
const prefill = (): Fields => Object.fromEntries(new URLSearchParams(globalThis.location?.search ?? '').entries());

function Result({ r, error }: { r: Derived | null; error: string | null }) {
  const { t } = useTranslation('verify');
  if (error) return <Alert type="error" showIcon title={t('error')} description={error} data-testid="verify-error" />;
  if (!r) return null;
  const mark = (ok: boolean | null | undefined) => (ok === null || ok === undefined ? t('notGiven') : ok ? t('match') : t('mismatch'));
  return (
    <dl className="verify-result" data-testid="verify-result">
      <dt>{t('outcome')}</dt>
      <dd data-testid="verify-outcome">{r.summary}</dd>
      <dt>{t('seedHash')}</dt>
      <dd className="verify-mono">{r.seedHash}</dd>
      <dt>{t('hashCheck')}</dt>
      <dd data-testid="verify-hash-check">{mark(r.hashOk)}</dd>
      {r.chainOk !== undefined && (
        <>
          <dt>{t('chainCheck')}</dt>
          <dd data-testid="verify-chain-check">{mark(r.chainOk)}</dd>
        </>
      )}
    </dl>
  );
}

function Panel({
  fields,
  run,
  rules,
  initial,
}: {
  fields: [string, ReactNode][];
  run: (f: Fields) => Derived;
  rules: string[];
  initial: Fields;
}) {
  const { t } = useTranslation('verify');
  const [form] = Form.useForm<Fields>();
  const [out, setOut] = useState<{ r: Derived | null; error: string | null }>({ r: null, error: null });
  const submit = (f: Fields) => {
    try {
      setOut({ r: run(f), error: null });
    } catch (e) {
      setOut({ r: null, error: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <div className="verify-panel">
      {/* The rules are formulas: they name values as the round data does (nonce, seq, int…); data-formula marks them. */}
      <ol className="verify-rules" data-formula="">
        {rules.map((k) => (
          <li key={k}>{t(`rules.${k}`)}</li>
        ))}
      </ol>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {fields.map(([name, input]) => (
          <Form.Item key={name} name={name} label={<span data-formula="">{t(`field.${name}`)}</span>}>
            {input}
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" data-testid="verify-run">
          {t('run')}
        </Button>
      </Form>
      <Result r={out.r} error={out.error} />
    </div>
  );
}

const text = (testId: string) => <Input data-testid={`verify-${testId}`} autoComplete="off" spellCheck={false} />;

export function VerifyPage() {
  const { t, i18n } = useTranslation('verify');
  const lang = i18n.language === 'zh-TW' ? 'zh-TW' : 'zh-CN';
  // Read once: the address may be tidied by the router after the first render.
  const [initial] = useState(prefill);
  const [tab, setTab] = useState(() => initial.type ?? 'slot');
  const slotOptions = TITLES.map((d) => ({ value: d.code, label: `${d.code} ${d.names[lang]}` }));
  const drawKinds = ['sicbo', 'roulette', 'k3', 'digit5', 'race10', 'niuniu', 'pai28', 'sangong'].map((k) => ({
    value: k,
    label: t(`kind.${k}`),
  }));
  const items = [
    {
      key: 'slot',
      label: t('tab.slot'),
      children: (
        <Panel
          initial={initial}
          rules={['hmac', 'int', 'slot']}
          run={(f) =>
            deriveSlot({
              gameCode: f.gameCode ?? '',
              betYuan: f.bet ?? '',
              serverSeed: f.serverSeed ?? '',
              clientSeed: f.clientSeed ?? '',
              nonce: f.nonce ?? '0',
              hash: f.hash ?? '',
            })
          }
          fields={[
            ['gameCode', <Radio.Group key="g" options={slotOptions} optionType="button" data-testid="verify-gameCode" />],
            ['bet', text('bet')],
            ['serverSeed', text('serverSeed')],
            ['clientSeed', text('clientSeed')],
            ['nonce', text('nonce')],
            ['hash', text('hash')],
          ]}
        />
      ),
    },
    {
      key: 'cards',
      label: t('tab.cards'),
      children: (
        <Panel
          initial={initial}
          rules={['hmac', 'int', 'card', 'shuffle', 'cut', 'burn', 'deal', 'shoeEnd', 'shoeSeed']}
          run={(f) =>
            deriveCards({
              kind: (f.kind ?? 'baccarat') as 'baccarat',
              seed: f.seed ?? '',
              shoeNo: f.shoeNo ?? '1',
              hand: f.hand ?? '1',
              start: f.start ?? '0',
              hash: f.hash ?? '',
            })
          }
          fields={[
            [
              'kind',
              <Radio.Group
                key="k"
                options={['baccarat', 'dragonTiger'].map((k) => ({ value: k, label: t(`kind.${k}`) }))}
                optionType="button"
                data-testid="verify-kind"
              />,
            ],
            ['seed', text('seed')],
            ['shoeNo', text('shoeNo')],
            ['hand', text('hand')],
            ['start', text('start')],
            ['hash', text('hash')],
          ]}
        />
      ),
    },
    {
      key: 'draw',
      label: t('tab.draw'),
      children: (
        <Panel
          initial={initial}
          rules={['hmac', 'int', 'round', 'dice', 'wheel', 'digits', 'race', 'chain']}
          run={(f) =>
            deriveDraw({
              kind: (f.kind ?? 'race10') as 'race10',
              table: f.table ?? '',
              seq: f.seq ?? '',
              seed: f.seed ?? '',
              hash: f.hash ?? '',
              chainFrom: f.chainFrom,
              chainTo: f.chainTo,
              anchor: f.anchor,
            })
          }
          fields={[
            ['kind', <Radio.Group key="k" options={drawKinds} optionType="button" data-testid="verify-kind" />],
            ['table', text('table')],
            ['seq', text('seq')],
            ['seed', text('seed')],
            ['hash', text('hash')],
            ['chainFrom', text('chainFrom')],
            ['chainTo', text('chainTo')],
            ['anchor', text('anchor')],
          ]}
        />
      ),
    },
  ];
  return (
    <article className="verify-page" data-testid="verify-page">
      <h1>{t('title')}</h1>
      <section className="cd-section">
        <p>{t('intro')}</p>
        <Tabs activeKey={tab} onChange={setTab} items={items} destroyOnHidden />
      </section>
    </article>
  );
}
