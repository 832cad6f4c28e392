/**
 * 在线客服: the built-in desk's conversations (waiting ones first, with their unanswered messages), the
 * conversation, the staff answer (the player reads it on the portal's /support page) and "handled". Polls every
 * few seconds (SUPPORT_POLL_MS).
 */
import { useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Card, Empty, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleDeskApi as api, SUPPORT_REPLY_MAX, SUPPORT_POLL_MS, type SupportThreadRow } from '@portal/contract/console';
import { call } from '../../api/client.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime } from '../../lib/format.ts';

const who = (t: SupportThreadRow) => t.username ?? '访客';

function Conversation({ thread, onChanged }: { thread: SupportThreadRow; onChanged(): void }) {
  const canReply = useCan('support.reply');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const q = useQuery({
    queryKey: ['console', 'support/thread', thread.id],
    queryFn: ({ signal }) => call(api.supportThread, { id: thread.id }, { signal }),
    refetchInterval: SUPPORT_POLL_MS,
    retry: false,
  });
  const messages = q.data?.messages ?? [];
  // In braces: scrollIntoView answers a promise in newer browsers, which React would take for a cleanup.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);
  const act = async (f: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await f();
      void message.success(ok);
      await qc.invalidateQueries({ queryKey: ['console'] });
      onChanged();
      return true;
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    const body = draft.trim();
    if (body && (await act(() => call(api.supportReply, { id: thread.id, body }), '已回复'))) setDraft('');
  };
  const current = q.data?.thread ?? thread;
  return (
    <Card
      title={
        <Space>
          {who(current)}
          {current.ticketNo && <Typography.Text type="secondary">{current.ticketNo}</Typography.Text>}
          {current.waiting ? <Tag color="orange">等待回复</Tag> : <Tag color="green">已处理</Tag>}
        </Space>
      }
      extra={
        canReply &&
        current.waiting && (
          <Button
            icon={<CheckOutlined />}
            loading={busy}
            onClick={() => void act(() => call(api.supportHandled, { id: thread.id }), '已标记为已处理')}
          >
            标记已处理
          </Button>
        )
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <div style={{ height: 420, overflowY: 'auto', background: '#fafafa', padding: 12, borderRadius: 8 }} data-testid="support-messages">
        {messages.map((m) => (
          <div key={m.id} style={{ display: 'flex', justifyContent: m.from === 'staff' ? 'flex-end' : 'flex-start', marginBottom: 10 }}>
            <div style={{ maxWidth: '70%' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m.from === 'staff' ? (m.staff === '#auto' ? '自动回复' : `客服 ${m.staff ?? ''}`) : who(current)} · {dateTime(m.at)}
              </Typography.Text>
              <div
                style={{
                  background: m.from === 'staff' ? '#1677ff' : '#fff',
                  color: m.from === 'staff' ? '#fff' : undefined,
                  border: m.from === 'staff' ? undefined : '1px solid #eee',
                  padding: '8px 12px',
                  borderRadius: 8,
                  whiteSpace: 'pre-wrap',
                }}
              >
                {m.body}
              </div>
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      {canReply && (
        <Space.Compact style={{ width: '100%' }}>
          <Input.TextArea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            maxLength={SUPPORT_REPLY_MAX}
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder="输入回复，Ctrl+Enter 发送"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
            }}
          />
          <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void send()} style={{ height: 'auto' }}>
            发送
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}

export default function SupportPage() {
  const { siteCode } = useSite();
  const [waitingOnly, setWaitingOnly] = useState(true);
  const [picked, setPicked] = useState<SupportThreadRow | null>(null);
  const q = useQuery({
    queryKey: ['console', 'support/list', siteCode, waitingOnly],
    queryFn: ({ signal }) => call(api.supportList, { siteCode: siteCode!, waitingOnly, pageSize: 100 }, { signal }),
    enabled: siteCode !== null,
    refetchInterval: SUPPORT_POLL_MS,
    retry: false,
  });
  const threads = q.data?.list ?? [];
  // The open conversation stays open when it leaves the waiting list (answered or handled).
  const current = threads.find((t) => t.id === picked?.id) ?? picked;
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <Card
        style={{ width: 340, flexShrink: 0 }}
        title="会话"
        extra={
          <Segmented
            size="small"
            value={waitingOnly ? 'waiting' : 'all'}
            onChange={(v) => setWaitingOnly(v === 'waiting')}
            options={[
              { value: 'waiting', label: '等待回复' },
              { value: 'all', label: '全部' },
            ]}
          />
        }
        styles={{ body: { padding: 0, maxHeight: 560, overflowY: 'auto' } }}
      >
        <List
          loading={q.isPending && siteCode !== null}
          dataSource={threads}
          locale={{ emptyText: waitingOnly ? '没有等待回复的会话' : '暂无会话' }}
          renderItem={(t) => (
            <List.Item
              onClick={() => setPicked(t)}
              style={{ cursor: 'pointer', padding: '10px 16px', background: t.id === picked?.id ? '#e6f4ff' : undefined }}
              data-testid="support-thread"
            >
              <List.Item.Meta
                title={
                  <Space>
                    <Badge count={t.unread} size="small">
                      <span style={{ paddingRight: 8 }}>{who(t)}</span>
                    </Badge>
                    {t.waiting && <Tag color="orange">等待</Tag>}
                  </Space>
                }
                description={
                  <>
                    <Typography.Text ellipsis style={{ width: 260, display: 'block' }} type="secondary">
                      {t.lastFrom === 'staff' ? '客服：' : ''}
                      {t.last}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {dateTime(t.updatedAt)}
                    </Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        {current ? (
          <Conversation key={current.id} thread={current} onChanged={() => void q.refetch()} />
        ) : (
          <Card>
            <Empty description="选择左侧会话查看" />
          </Card>
        )}
      </div>
    </div>
  );
}
