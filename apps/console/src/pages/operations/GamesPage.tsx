/** 游戏管理: a brand's games (state, sort, tags: maintenance answers 6415 to players), the shared venues, the house tables' rounds. */
import { useState } from 'react';
import { App, Button, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { GAME_CATEGORIES, GAME_TAGS } from '@portal/contract';
import { CONSOLE_GAME_STATUSES, consoleGamesApi, type ConsoleGameRow, type ConsoleVenueRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan, useMe } from '../../app/staff.tsx';
import { dateTime, yuan } from '../../lib/format.ts';
import { GAME_TAG_NAMES, STATE_TAGS, VENUE_CATEGORY_NAMES } from './labels.ts';
import TableRounds from './TableRounds.tsx';

const stateTag = (s: string) => <Tag color={STATE_TAGS[s]?.color}>{STATE_TAGS[s]?.text ?? s}</Tag>;

/** A sort number edited in place, saved on blur or Enter when it changed. */
function SortCell({ value, disabled, onSave }: { value: number; disabled: boolean; onSave(v: number): void }) {
  const [v, setV] = useState<number | null>(value);
  const commit = () => v !== null && v !== value && onSave(v);
  return (
    <InputNumber size="small" value={v} disabled={disabled} onChange={setV} onBlur={commit} onPressEnter={commit} style={{ width: 90 }} />
  );
}

function Games() {
  const { siteCode } = useSite();
  const canWrite = useCan('games.write');
  const { modal } = App.useApp();
  const [f, setF] = useState<{
    category?: (typeof GAME_CATEGORIES)[number];
    status?: (typeof CONSOLE_GAME_STATUSES)[number];
    keyword?: string;
  }>({});
  const list = useConsoleList(consoleGamesApi.list, { siteCode: siteCode ?? 0, ...f }, { enabled: siteCode !== null, pageSize: 50 });
  const set = useConsoleMutation(consoleGamesApi.set, { success: '已保存' });
  const change = (r: ConsoleGameRow, patch: Omit<Parameters<typeof set.mutate>[0], 'siteCode' | 'code'>) =>
    siteCode !== null && set.mutate({ siteCode, code: r.code, ...patch });

  const columns: TableColumnsType<ConsoleGameRow> = [
    {
      title: '游戏',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space orientation="vertical" size={0}>
          {n}
          <span style={{ color: '#999' }}>{r.code}</span>
        </Space>
      ),
    },
    { title: '场馆', dataIndex: 'venue' },
    { title: '类别', dataIndex: 'category', render: (c: string) => VENUE_CATEGORY_NAMES[c] ?? c },
    { title: '状态', dataIndex: 'status', render: stateTag },
    {
      title: '排序',
      dataIndex: 'sort',
      render: (s: number, r) => <SortCell key={`${r.code}-${s}`} value={s} disabled={!canWrite} onSave={(sort) => change(r, { sort })} />,
    },
    {
      title: '标签',
      dataIndex: 'tags',
      render: (tags: ConsoleGameRow['tags'], r) => (
        <Select
          mode="multiple"
          size="small"
          style={{ minWidth: 150 }}
          disabled={!canWrite}
          value={tags}
          onChange={(next) => change(r, { tags: next })}
          options={GAME_TAGS.map((t) => ({ value: t, label: GAME_TAG_NAMES[t] }))}
        />
      ),
    },
    { title: '返还率', dataIndex: 'rtpBp', render: (bp: number) => `${(bp / 100).toFixed(2)}%` },
    { title: '投注范围（元）', key: 'bets', render: (_v, r) => `${yuan(r.minBetFen)} – ${yuan(r.maxBetFen)}` },
    { title: '最后修改', key: 'upd', render: (_v, r) => `${dateTime(r.updatedAt)} ${r.updatedBy}` },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        canWrite && (
          <Space>
            {r.status !== 'maintenance' && (
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: `将「${r.name}」设为维护？`,
                    content: '维护中的游戏仍会显示，玩家进入时提示维护。',
                    okText: '设为维护',
                    onOk: () => change(r, { status: 'maintenance' }),
                  })
                }
              >
                维护
              </Button>
            )}
            {r.status !== 'active' && (
              <Button size="small" type="primary" onClick={() => change(r, { status: 'active' })}>
                启用
              </Button>
            )}
            {r.status !== 'hidden' && (
              <Button size="small" danger onClick={() => change(r, { status: 'hidden' })}>
                隐藏
              </Button>
            )}
          </Space>
        ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="全部类别"
          style={{ width: 120 }}
          value={f.category}
          onChange={(category) => setF({ ...f, category })}
          options={GAME_CATEGORIES.map((c) => ({ value: c, label: VENUE_CATEGORY_NAMES[c] }))}
        />
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 120 }}
          value={f.status}
          onChange={(status) => setF({ ...f, status })}
          options={CONSOLE_GAME_STATUSES.map((s) => ({ value: s, label: STATE_TAGS[s]?.text ?? s }))}
        />
        <Input.Search
          allowClear
          placeholder="游戏名称或代码"
          onSearch={(k) => setF({ ...f, keyword: k.trim() || undefined })}
          style={{ width: 220 }}
        />
      </Space>
      <Table rowKey="code" columns={columns} {...list.tableProps} scroll={{ x: true }} />
    </>
  );
}

function Venues() {
  const me = useMe();
  const canWrite = useCan('games.write') && me.sites === null;
  const q = useConsoleQuery(consoleGamesApi.venues, {});
  const [closing, setClosing] = useState<ConsoleVenueRow | null>(null);
  const [message, setMessage] = useState('');
  const set = useConsoleMutation(consoleGamesApi.setVenue, { success: '已保存', onSuccess: () => setClosing(null) });
  const columns: TableColumnsType<ConsoleVenueRow> = [
    { title: '场馆', dataIndex: 'name', render: (n: string, r) => `${n}（${r.code}）` },
    { title: '类别', dataIndex: 'category', render: (c: string) => VENUE_CATEGORY_NAMES[c] ?? c },
    { title: '状态', dataIndex: 'status', render: stateTag },
    { title: '维护提示', dataIndex: 'message', render: (m: string | null, r) => (r.status === 'maintenance' ? (m ?? '默认提示') : '-') },
    {
      title: '排序',
      dataIndex: 'sort',
      render: (s: number, r) => (
        <SortCell key={`${r.code}-${s}`} value={s} disabled={!canWrite} onSave={(sort) => set.mutate({ code: r.code, sort })} />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_v, r) =>
        canWrite &&
        (r.status === 'active' ? (
          <Button
            size="small"
            onClick={() => {
              setMessage('');
              setClosing(r);
            }}
          >
            维护
          </Button>
        ) : (
          <Button size="small" type="primary" onClick={() => set.mutate({ code: r.code, status: 'active' })}>
            结束维护
          </Button>
        )),
    },
  ];
  return (
    <>
      <Table rowKey="code" columns={columns} dataSource={q.data ?? []} loading={q.isFetching} pagination={false} />
      <Modal
        title={closing ? `将场馆「${closing.name}」设为维护` : ''}
        open={closing !== null}
        onCancel={() => setClosing(null)}
        onOk={() => closing && set.mutate({ code: closing.code, status: 'maintenance', message: message.trim() || undefined })}
        okText="设为维护"
        confirmLoading={set.isPending}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>所有品牌生效：进入场馆、其游戏和转账都会提示维护。</span>
          <Input.TextArea
            aria-label="维护提示"
            rows={2}
            maxLength={100}
            showCount
            placeholder="玩家看到的提示（可不填，使用默认提示），如：场馆升级维护中，预计 18:00 恢复"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </Space>
      </Modal>
    </>
  );
}

export default function GamesPage() {
  return (
    <Tabs
      items={[
        { key: 'games', label: '游戏', children: <Games /> },
        { key: 'venues', label: '场馆', children: <Venues /> },
        // Unmounted when another tab is shown: its 5-second refresh runs only while the rounds are on screen.
        { key: 'tableRounds', label: '桌台开奖', children: <TableRounds />, destroyOnHidden: true },
      ]}
    />
  );
}
