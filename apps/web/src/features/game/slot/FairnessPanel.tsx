/**
 * 公平性: the member's seed pair (the server seed's hash committed before play, the client seed — editable — and
 * the nonce), the rotation that reveals the server seed, the revealed pairs, and the verifier: a round fetched by
 * id is re-computed in the browser from its revealed seeds and compared with the stored outcome.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, List, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SlotRoundWire } from '@portal/contract';
import { errorMessage } from '../../../api/errors.ts';
import { notify } from '../../../ui/dialogs/notify.ts';
import { money } from '../../../ui/money/index.ts';
import { secondText } from '../../../ui/time/format.ts';
import { SLOT_KEY, slotCall } from './api.ts';
import { validClientSeed, verifyStoredRound, type Verification } from './verify.ts';

const { Text } = Typography;

export function ClientSeedForm({ current, onSave, saving }: { current: string; onSave: (seed: string) => void; saving: boolean }) {
  const { t } = useTranslation('slot');
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const valid = validClientSeed(value);
  return (
    <div className="slot-seed-form">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('fair.clientSeed')}
          value={value}
          maxLength={80}
          status={valid ? undefined : 'error'}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="primary" disabled={!valid || value === current} loading={saving} onClick={() => onSave(value)}>
          {t('fair.save')}
        </Button>
      </Space.Compact>
      {!valid && (
        <Text type="danger" role="alert" data-testid="slot-seed-error">
          {t('fair.seedRule')}
        </Text>
      )}
    </div>
  );
}

function VerifyResult({ v }: { v: Verification }) {
  const { t } = useTranslation('slot');
  if (v.state === 'unrevealed') return <Alert type="warning" showIcon data-testid="slot-verify-result" title={t('fair.unrevealed')} />;
  if (v.state === 'error')
    return <Alert type="error" showIcon data-testid="slot-verify-result" title={t('fair.fail')} description={v.message} />;
  return (
    <Alert
      type={v.pass ? 'success' : 'error'}
      showIcon
      data-testid="slot-verify-result"
      data-pass={v.pass ? 'true' : 'false'}
      title={v.pass ? t('fair.pass') : t('fair.fail')}
      description={
        <ul className="slot-checks">
          {(['commitment', 'stops', 'grid', 'win'] as const).map((k) => (
            <li key={k}>
              {v.checks[k] ? <CheckCircleFilled className="pos" /> : <CloseCircleFilled className="neg" />} {t(`fair.checks.${k}`)}：
              {v.checks[k] ? t('fair.ok') : t('fair.bad')}
            </li>
          ))}
          <li>{t('fair.computedWin', { amount: money(v.computed.totalWinFen) })}</li>
        </ul>
      }
    />
  );
}

export function Verifier({ enName, gameCode, roundId: initial }: { enName: string; gameCode: string; roundId: string }) {
  const { t } = useTranslation('slot');
  const [roundId, setRoundId] = useState(initial);
  const [result, setResult] = useState<{ round: SlotRoundWire; v: Verification } | null>(null);
  const verify = useMutation({
    mutationFn: (id: string) => slotCall(enName, gameCode, 'round', { roundId: id }),
    onSuccess: (round) => setResult({ round, v: verifyStoredRound(round) }),
    onError: (e) => notify.error(errorMessage(e)),
  });
  useEffect(() => {
    setRoundId(initial);
    setResult(null);
    if (initial) verify.mutate(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new round to verify
  }, [initial]);
  return (
    <section className="slot-verifier" data-testid="slot-verifier">
      <h4>{t('fair.verifier')}</h4>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label={t('fair.roundId')}
          placeholder={t('fair.roundId')}
          value={roundId}
          onChange={(e) => setRoundId(e.target.value.trim())}
        />
        <Button
          type="primary"
          disabled={!roundId}
          loading={verify.isPending}
          onClick={() => verify.mutate(roundId)}
          data-testid="slot-verify"
        >
          {t('fair.verify')}
        </Button>
      </Space.Compact>
      {result && (
        <div className="slot-verifier__result">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('fair.roundId')}>{result.round.roundId}</Descriptions.Item>
            <Descriptions.Item label={t('rounds.bet')}>{money(result.round.bet)}</Descriptions.Item>
            <Descriptions.Item label={t('rounds.win')}>{money(result.round.win)}</Descriptions.Item>
            <Descriptions.Item label={t('fair.nonce')}>{result.round.fairness.nonce}</Descriptions.Item>
          </Descriptions>
          <VerifyResult v={result.v} />
        </div>
      )}
    </section>
  );
}

export function FairnessPanel({
  enName,
  gameCode,
  open,
  onClose,
  roundId,
}: {
  enName: string;
  gameCode: string;
  open: boolean;
  onClose: () => void;
  roundId: string;
}) {
  const { t } = useTranslation('slot');
  const qc = useQueryClient();
  const seedsKey = [SLOT_KEY, enName, gameCode, 'seeds'];
  const seeds = useQuery({ queryKey: seedsKey, queryFn: () => slotCall(enName, gameCode, 'seeds', {}), enabled: open });
  const [revealedNow, setRevealedNow] = useState<string | null>(null);
  const setSeed = useMutation({
    mutationFn: (clientSeed: string) => slotCall(enName, gameCode, 'clientSeed', { clientSeed }),
    onSuccess: () => {
      notify.success(t('fair.saved'));
      void qc.invalidateQueries({ queryKey: seedsKey });
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const rotate = useMutation({
    mutationFn: () => slotCall(enName, gameCode, 'rotateSeed', {}),
    onSuccess: (answer) => {
      qc.setQueryData(seedsKey, answer);
      setRevealedNow(answer.revealed[0]?.serverSeed ?? null);
      notify.success(t('fair.rotated'));
    },
    onError: (e) => notify.error(errorMessage(e)),
  });
  const cur = seeds.data?.current;
  return (
    <Drawer open={open} onClose={onClose} title={t('fair.title')} size={560} className="slot-drawer" data-testid="slot-fairness">
      <p className="muted">{t('fair.intro')}</p>
      <h4>{t('fair.current')}</h4>
      {seeds.error && <Alert type="error" title={errorMessage(seeds.error)} />}
      {cur && (
        <>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('fair.serverSeedHash')}>
              <Text code copyable className="slot-hash" data-testid="slot-seed-hash">
                {cur.serverSeedHash}
              </Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('fair.clientSeed')}>
              <ClientSeedForm current={cur.clientSeed} saving={setSeed.isPending} onSave={(s) => setSeed.mutate(s)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fair.nonce')}>
              <span data-testid="slot-nonce">{cur.nonce}</span>
            </Descriptions.Item>
          </Descriptions>
          <Button className="slot-rotate" loading={rotate.isPending} onClick={() => rotate.mutate()} data-testid="slot-rotate">
            {t('fair.rotate')}
          </Button>
          {revealedNow && (
            <Alert
              type="success"
              showIcon
              data-testid="slot-revealed-now"
              title={t('fair.revealedSeed')}
              description={
                <Text code copyable className="slot-hash">
                  {revealedNow}
                </Text>
              }
            />
          )}
        </>
      )}
      <Verifier enName={enName} gameCode={gameCode} roundId={roundId} />
      <h4>{t('fair.revealed')}</h4>
      <List
        size="small"
        locale={{ emptyText: t('fair.revealedEmpty') }}
        dataSource={seeds.data?.revealed ?? []}
        renderItem={(p) => (
          <List.Item key={p.serverSeedHash}>
            <div className="slot-revealed">
              <div>
                <Tag>{secondText(p.revealedAt)}</Tag> {t('fair.rounds', { n: p.rounds })} · {t('fair.clientSeed')}{' '}
                <Text code>{p.clientSeed}</Text>
              </div>
              <div className="slot-hash">
                {t('fair.revealedSeed')}: <Text code>{p.serverSeed}</Text>
              </div>
              <div className="slot-hash muted">
                {t('fair.serverSeedHash')}: {p.serverSeedHash}
              </div>
            </div>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
