/** The wheel (draw gift, with its audit trail) and the race leaderboard. */
import { useState } from 'react';
import { Button, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined, TrophyFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Section, useJoin, type Detail, type Summary } from './common.tsx';
import { amountText } from '../../ui/money/index.ts';
import { Figures } from './panels.tsx';

const SPIN_MS = 4200;
const PALETTE = [
  '#c9a45c',
  '#8a1c2b',
  '#e8cf8f',
  '#5b1420',
  '#d9b36c',
  '#a3283a',
  '#f1deb0',
  '#6d1826',
  '#caa866',
  '#96202f',
  '#ead39a',
  '#521119',
];

export function DrawPanel({ p, d }: { p: Summary; d: Detail }) {
  const { t } = useTranslation('activity');
  const w = d.draw!;
  const [turn, setTurn] = useState(0);
  const [result, setResult] = useState<string | null>(null);
  const seg = 360 / w.prizes.length;
  const join = useJoin(p.id, (r) => {
    if (!r.spin) return;
    // Land the prize's segment under the pointer at the top, after a few full turns.
    setTurn((old) => old - (old % 360) + 360 * 6 + (360 - (r.spin!.prizeIndex + 0.5) * seg));
    setResult(null);
    setTimeout(() => setResult(r.spin!.label), SPIN_MS);
  });
  const gradient = `conic-gradient(${w.prizes.map((_, i) => `${PALETTE[i % PALETTE.length]} ${i * seg}deg ${(i + 1) * seg}deg`).join(', ')})`;
  return (
    <Section
      title={t('draw.title')}
      extra={<span className="promo-streak">{t('draw.left', { n: w.spinsLeft, total: w.spinsEarned })}</span>}
    >
      <div className="wheel-wrap">
        <div className="wheel">
          <span className="wheel__pointer" aria-hidden="true" />
          <div
            className="wheel__disc"
            style={{ background: gradient, transform: `rotate(${turn}deg)`, transitionDuration: `${SPIN_MS}ms` }}
            data-testid="wheel"
          >
            {w.prizes.map((x, i) => (
              <span key={i} className="wheel__label" style={{ transform: `rotate(${(i + 0.5) * seg}deg)` }}>
                <b>{x.label}</b>
              </span>
            ))}
          </div>
          <Button
            shape="circle"
            type="primary"
            className="wheel__hub"
            loading={join.isPending}
            disabled={d.joined && w.spinsLeft === 0}
            onClick={() => join.mutate(d.joined ? 'spin' : undefined)}
          >
            {d.joined ? t('draw.spin') : t('draw.join')}
          </Button>
        </div>
        <div className="wheel-side">
          {result && (
            <div className="wheel-result" role="status">
              {t('draw.result', { label: result })}
            </div>
          )}
          <Figures
            items={[
              [t('draw.perDeposit'), `¥${amountText(w.depositPerSpin)}`],
              [t('draw.perTurnover'), `¥${amountText(w.turnoverPerSpin)}`],
            ]}
          />
          <ul className="odds">
            {w.prizes.map((x, i) => (
              <li key={i}>
                <i style={{ background: PALETTE[i % PALETTE.length] }} />
                {x.label}
                <span>{x.chance}</span>
              </li>
            ))}
          </ul>
          <p className="promo-hint">
            <SafetyCertificateOutlined /> {t('draw.fair')}
          </p>
          {w.nextCommit && (
            <p className="wheel-commit">
              {t('draw.commit')}
              <Typography.Text code copyable>
                {w.nextCommit}
              </Typography.Text>
            </p>
          )}
        </div>
      </div>
      {w.spins.length > 0 && (
        <Table
          size="small"
          rowKey="spinNo"
          dataSource={w.spins}
          pagination={false}
          className="spin-audit"
          scroll={{ x: true }}
          columns={[
            { key: 'n', title: t('draw.no'), dataIndex: 'spinNo', width: 70 },
            { key: 'label', title: t('draw.prize'), dataIndex: 'label' },
            {
              key: 'seed',
              title: t('draw.seed'),
              render: (_, s) => (
                <Typography.Text code copyable={{ text: s.seed }}>
                  {s.seed.slice(0, 16)}…
                </Typography.Text>
              ),
            },
            {
              key: 'hmac',
              title: 'HMAC',
              render: (_, s) => (
                <Typography.Text code copyable={{ text: s.hmac }}>
                  {s.hmac.slice(0, 16)}…
                </Typography.Text>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}

export function RacePanel({ d }: { d: Detail }) {
  const { t } = useTranslation('activity');
  const r = d.race!;
  return (
    <Section
      title={t('race.title')}
      extra={
        r.settled ? (
          <Tag color="green">{t('race.settled')}</Tag>
        ) : (
          <span className="promo-streak">{t('race.window', { from: r.from, to: r.to })}</span>
        )
      }
    >
      <Figures
        items={[
          [t('race.myRank'), r.myRank ? `#${r.myRank}` : t('race.unranked')],
          [t('race.myTurnover'), `¥${amountText(r.myTurnover)}`],
          [t('race.champion'), `¥${amountText(r.prizes[0] ?? '0')}`],
          [t('race.places'), String(r.prizes.length)],
        ]}
      />
      <Table
        size="small"
        rowKey="rank"
        dataSource={r.board}
        pagination={false}
        rowClassName={(x) => (x.me ? 'race-me' : '')}
        locale={{ emptyText: t('race.empty') }}
        columns={[
          {
            key: 'rank',
            title: t('race.rank'),
            width: 80,
            render: (_, x) => (x.rank <= 3 ? <TrophyFilled className={`medal medal--${x.rank}`} /> : x.rank),
          },
          { key: 'name', title: t('race.name'), dataIndex: 'name' },
          { key: 'turnover', title: t('race.turnover'), render: (_, x) => `¥${amountText(x.turnover)}` },
          {
            key: 'prize',
            title: t('race.prize'),
            render: (_, x) => (x.prize === '0.00' ? '—' : <b className="amount-in">¥{amountText(x.prize)}</b>),
          },
        ]}
      />
    </Section>
  );
}
