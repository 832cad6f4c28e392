/**
 * /mine/betRecord (route betRecord): the member's bets by game category — 体育 (TY, the default): the
 * sportsbook's bets, unsettled and settled tabs (and cancelled / rejected) with each bet's legs; result codes in
 * words (W 赢, LW 赢半, LL 输半, L 输, P 走盘, D… 取消, A 恢复). 电子 (DZ) and the other casino categories:
 * their rounds (game, bet, payout, win/loss, jackpot) with a 验证 link to the slot page's fairness verifier for
 * a house slot round. A date range (default the last 7 days), the totals (record/betRecordTotal) and the list
 * (record/betRecordList), both filtered by `category` (sent for casino categories only).
 */
import { useState } from 'react';
import { Button, DatePicker, Segmented, Table, Tag } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { GAME_CATEGORIES, sportApi, type GameCategory } from '@portal/contract';
import { titleByCode } from '@portal/games';
import { parseWireAmount } from '@portal/rules';
import { openPath } from '../../routes/nav.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { Panel } from '../wallet/common.tsx';
import { SPORT_KEY } from './venue.ts';
import './sport.css';
import { secondText } from '../../ui/time/format.ts';

type Tab = 0 | 1 | 2 | 3;
const TABS: Tab[] = [0, 1, 2, 3];
const PAGE_SIZE = 10;
type BetRecord = Awaited<ReturnType<typeof call<typeof sportApi.betRecordList>>>['list'][number];

/** The words of a result code: D0…DZ are cancellations with a reason code. */
export function resultKey(code: string | null): string | null {
  if (!code) return null;
  if (/^D./.test(code)) return 'D';
  return code;
}

function ResultTag({ code }: { code: string | null }) {
  const { t } = useTranslation('sport');
  const k = resultKey(code);
  if (!k) return <span className="muted">—</span>;
  const color = k === 'W' || k === 'LW' ? 'green' : k === 'L' || k === 'LL' ? 'red' : 'default';
  return (
    <Tag color={color} data-code={code}>
      {t(`result.${k}`, { defaultValue: code ?? '' })}
      {code !== k && code ? ` (${code})` : ''}
    </Tag>
  );
}

const when = (iso: string | null) => (iso ? secondText(iso) : '—');

/** The page of the house slot verifier for a casino round, when the round is a house slot's (its title is known). */
export function verifyPath(b: Pick<BetRecord, 'ticket_id' | 'channelCode' | 'round'>): string | null {
  if (!b.round || !titleByCode(b.round.gameCode)) return null;
  const q = new URLSearchParams({ enName: b.channelCode, gameCode: b.round.gameCode, verify: b.ticket_id });
  return `/dz/game?${q.toString()}`;
}

function casinoColumns(t: (k: string, o?: Record<string, unknown>) => string) {
  return [
    { key: 'time', title: t('records.time'), render: (_: unknown, b: BetRecord) => when(b.betTime) },
    // The round's number as the game showed it (a table's shoe-hand, a draw's number), never the record's key.
    {
      key: 'round',
      title: t('records.round'),
      render: (_: unknown, b: BetRecord) => <span data-testid={`round-${b.ticket_id}`}>{b.round?.roundNo ?? b.ticket_id}</span>,
    },
    {
      key: 'game',
      title: t('records.game'),
      render: (_: unknown, b: BetRecord) => (
        <span data-testid={`game-${b.ticket_id}`}>
          {b.round ? `${b.round.venueName} · ${b.round.gameName}` : b.channelCode}
          {b.round?.table ? (
            // A house table or lottery round: its number and the member's bets on it.
            <small className="bet-record__table" data-testid={`table-${b.ticket_id}`}>
              {t('records.issue', { issue: b.round.table.issue })}
              {b.round.table.bets.map((x) => ` · ${x.name} ¥${x.amount}`).join('')}
            </small>
          ) : null}
        </span>
      ),
    },
    { key: 'betAmount', title: t('records.betAmount'), render: (_: unknown, b: BetRecord) => `¥ ${b.betAmount}` },
    { key: 'payout', title: t('records.payout'), render: (_: unknown, b: BetRecord) => `¥ ${b.payout}` },
    {
      key: 'winLoss',
      title: t('records.winLoss'),
      render: (_: unknown, b: BetRecord) => <span className={(parseWireAmount(b.winLoss) ?? 0) < 0 ? 'neg' : 'pos'}>¥ {b.winLoss}</span>,
    },
    {
      key: 'jackpot',
      title: t('records.jackpot'),
      render: (_: unknown, b: BetRecord) =>
        (parseWireAmount(b.round?.jackpotWin) ?? 0) > 0 ? <Tag color="gold">¥ {b.round!.jackpotWin}</Tag> : '—',
    },
    {
      key: 'verify',
      title: '',
      render: (_: unknown, b: BetRecord) => {
        const path = verifyPath(b);
        return path ? (
          <Button type="link" size="small" data-testid={`verify-${b.ticket_id}`} onClick={() => openPath(path)}>
            {t('records.verify')}
          </Button>
        ) : null;
      },
    },
  ];
}

export function BetRecordPage() {
  const { t } = useTranslation('sport');
  const { t: tNav } = useTranslation('nav');
  const [category, setCategory] = useState<GameCategory>('TY');
  const [status, setStatus] = useState<Tab>(0);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day').startOf('day'), dayjs().endOf('day')]);
  const [page, setPage] = useState(1);
  const sport = category === 'TY';
  const filter = sport
    ? { status, beginTime: range[0].valueOf(), endTime: range[1].valueOf() }
    : { category, beginTime: range[0].valueOf(), endTime: range[1].valueOf() };
  const total = useQuery({ queryKey: [SPORT_KEY, 'recordTotal', filter], queryFn: () => call(sportApi.betRecordTotal, filter) });
  const list = useQuery({
    queryKey: [SPORT_KEY, 'records', filter, page],
    queryFn: () => call(sportApi.betRecordList, { ...filter, pageNum: page, pageSize: PAGE_SIZE }),
  });
  const sums = total.data;
  return (
    <Panel className="bet-records">
      <Segmented
        className="bet-records__categories"
        aria-label={t('records.category')}
        data-testid="record-categories"
        value={category}
        onChange={(v) => {
          setCategory(v);
          setPage(1);
        }}
        options={GAME_CATEGORIES.map((c) => ({ value: c, label: tNav(`section.${c}`) }))}
      />
      <div className="record-filters">
        {sport && (
          <Segmented
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            options={TABS.map((s) => ({ value: s, label: t(`records.tab${s}`) }))}
          />
        )}
        <DatePicker.RangePicker
          aria-label={t('records.range')}
          allowClear={false}
          value={range}
          onChange={(v) => {
            if (v?.[0] && v[1]) {
              setRange([v[0].startOf('day'), v[1].endOf('day')]);
              setPage(1);
            }
          }}
        />
      </div>
      <dl className="bet-records__totals" data-testid="record-totals">
        <div>
          <dt>{t('records.count')}</dt>
          <dd>{sums?.count ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('records.betAmount')}</dt>
          <dd>¥ {sums?.betAmount ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('records.validAmount')}</dt>
          <dd>¥ {sums?.validAmount ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('records.payout')}</dt>
          <dd>¥ {sums?.payout ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('records.winLoss')}</dt>
          <dd className={(parseWireAmount(sums?.winLoss) ?? 0) < 0 ? 'neg' : 'pos'}>¥ {sums?.winLoss ?? '—'}</dd>
        </div>
      </dl>
      <Table<BetRecord>
        rowKey="ticket_id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={
          sport
            ? {
                expandedRowRender: (b) => (
                  <ul className="bet-legs">
                    {b.legs.map((l, i) => (
                      <li key={i} data-testid={`leg-${b.ticket_id}-${i}`}>
                        <span className="bet-legs__league">{l.league}</span>
                        <span>
                          {l.team_h}
                          {l.team_c && ` vs ${l.team_c}`}
                          {l.isLive && (
                            <Tag className="bet-legs__live">
                              {t('live')} {l.score}
                            </Tag>
                          )}
                        </span>
                        <span>
                          {l.name} @ {l.odds}
                        </span>
                        <ResultTag code={l.result} />
                      </li>
                    ))}
                  </ul>
                ),
              }
            : undefined
        }
        columns={
          sport
            ? [
                { key: 'time', title: t('records.time'), render: (_, b) => when(b.betTime) },
                { key: 'ticket', title: t('records.ticket'), dataIndex: 'ticket_id' },
                {
                  key: 'kind',
                  title: t('records.kind'),
                  render: (_, b) => `${t(`kind.${b.kind}`, { defaultValue: b.kind })}${b.seriesType ? ` · ${b.seriesType}` : ''}`,
                },
                {
                  key: 'content',
                  title: t('records.content'),
                  render: (_, b) =>
                    b.legs.length === 1
                      ? `${b.legs[0]!.team_h}${b.legs[0]!.team_c ? ` vs ${b.legs[0]!.team_c}` : ''} · ${b.legs[0]!.name}`
                      : t('records.legs', { n: b.legs.length }),
                },
                { key: 'odds', title: t('records.odds'), render: (_, b) => b.odds || '—' },
                { key: 'betAmount', title: t('records.betAmount'), render: (_, b) => `¥ ${b.betAmount}` },
                {
                  key: 'winLoss',
                  title: t('records.winLoss'),
                  render: (_, b) =>
                    b.status === 'settled' ? (
                      <span className={(parseWireAmount(b.winLoss) ?? 0) < 0 ? 'neg' : 'pos'}>¥ {b.winLoss}</span>
                    ) : (
                      '—'
                    ),
                },
                {
                  key: 'status',
                  title: t('records.status'),
                  render: (_, b) => (
                    <span data-testid={`status-${b.ticket_id}`}>{t(`status.${b.status}`, { defaultValue: b.status })}</span>
                  ),
                },
                { key: 'result', title: t('records.result'), render: (_, b) => <ResultTag code={b.result} /> },
              ]
            : casinoColumns(t)
        }
        locale={{
          emptyText: list.error ? (
            <EmptyState icon={<FileSearchOutlined />} title={t('loadFailed')} description={errorMessage(list.error)} />
          ) : (
            <EmptyState
              icon={<FileSearchOutlined />}
              title={t('records.empty')}
              description={sport ? t('records.emptyText') : t('records.emptyCasino', { name: tNav(`section.${category}`) })}
            />
          ),
        }}
      />
    </Panel>
  );
}
