/**
 * /mine/message: the member's letters by box (spec §3: notice, activity, fd and the br-prefixed
 * broadcast boxes) with unread counts, open-to-read, delete (the member's copy), one-key read, and
 * the brand's notices in a second tab.
 */
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Badge, Button, Checkbox, Pagination, Skeleton, Tabs, Tag } from 'antd';
import { CheckOutlined, DeleteOutlined, MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LETTER_BOXES, messagesApi, type Letter, type LetterBox } from '@portal/contract';
import { call } from '../../api/client.ts';
import { bus } from '../../app/events.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useApiError } from '../mine/useApiError.ts';
import { minuteText } from '../../ui/time/format.ts';
import { NoticeList } from './NoticeList.tsx';
import { useUnread } from './unread.ts';
import './messages.css';

const PAGE_SIZE = 10;
type Box = LetterBox | 'all';

function BoxMenu({ box, onChange }: { box: Box; onChange: (b: Box) => void }) {
  const { t } = useTranslation('messages');
  const counts = useUnread((s) => s.letters);
  return (
    <nav className="letter-boxes" aria-label={t('tabs.letters')}>
      {(['all', ...LETTER_BOXES] as const).map((b) => (
        <button
          key={b}
          type="button"
          className="letter-boxes__item"
          aria-current={box === b ? 'true' : undefined}
          data-box={b}
          onClick={() => onChange(b)}
        >
          <span>{t(`box.${b}`)}</span>
          <Badge count={b === 'all' ? (counts?.total ?? 0) : (counts?.[b] ?? 0)} size="small" overflowCount={99} />
        </button>
      ))}
    </nav>
  );
}

function LetterRow({
  letter,
  open,
  checked,
  onToggle,
  onCheck,
}: {
  letter: Letter;
  open: boolean;
  checked: boolean;
  onToggle: () => void;
  onCheck: (v: boolean) => void;
}) {
  const { t } = useTranslation('messages');
  return (
    <li className={`letter${letter.isRead ? '' : ' is-unread'}${open ? ' is-open' : ''}`} data-testid="letter">
      <Checkbox checked={checked} onChange={(e) => onCheck(e.target.checked)} aria-label={letter.title} />
      <button type="button" className="letter__main" onClick={onToggle} aria-expanded={open}>
        <span className="letter__dot" aria-label={letter.isRead ? t('read') : t('unread')} />
        <Tag className="letter__box">{t(`box.${letter.type}`)}</Tag>
        <span className="letter__title">{letter.title}</span>
        {!open && <span className="letter__snippet">{letter.content}</span>}
        <time className="letter__time" dateTime={letter.createdAt}>
          {minuteText(letter.createdAt)}
        </time>
      </button>
      {open && <p className="letter__content">{letter.content}</p>}
    </li>
  );
}

function Letters() {
  const { t } = useTranslation('messages');
  const { message } = AntApp.useApp();
  const showError = useApiError();
  const refreshUnread = useUnread((s) => s.refresh);
  const [box, setBox] = useState<Box>('all');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: Letter[] } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const load = useCallback(async () => {
    try {
      setData(await call(messagesApi.letterList, { ...(box === 'all' ? {} : { type: box }), pageNum: page, pageSize: PAGE_SIZE }));
    } catch (e) {
      showError(e);
      setData({ total: 0, list: [] });
    }
  }, [box, page, showError]);

  useEffect(() => {
    setSelected(new Set());
    void load();
    void refreshUnread();
  }, [load, refreshUnread]);

  const toggle = async (l: Letter) => {
    setOpen(open === l.id ? null : l.id);
    if (l.isRead) return;
    try {
      const read = await call(messagesApi.letterRead, { id: l.id });
      setData((d) => d && { ...d, list: d.list.map((x) => (x.id === read.id ? read : x)) });
      void refreshUnread();
    } catch (e) {
      showError(e);
      void load();
    }
  };

  const readAll = async () => {
    try {
      await call(messagesApi.letterReadAll, box === 'all' ? {} : { type: box });
      void message.success(t('readAllDone'));
      await Promise.all([load(), refreshUnread()]);
    } catch (e) {
      showError(e);
    }
  };

  const remove = () =>
    bus.emit('show_confirm', {
      content: t('deleteConfirm', { count: selected.size }),
      onOk: async () => {
        try {
          await call(messagesApi.letterDelete, { ids: [...selected] });
        } catch (e) {
          showError(e);
          throw e;
        }
        void message.success(t('deleted'));
        if (data && data.list.length === selected.size && page > 1) setPage(page - 1);
        await Promise.all([load(), refreshUnread()]);
        setSelected(new Set());
      },
    });

  const list = data?.list ?? [];
  const allChecked = list.length > 0 && list.every((l) => selected.has(l.id));
  const check = (id: string, v: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (v) n.add(id);
      else n.delete(id);
      return n;
    });
  return (
    <div className="letters">
      <BoxMenu
        box={box}
        onChange={(b) => {
          setBox(b);
          setPage(1);
          setOpen(null);
        }}
      />
      <section className="letters__main" aria-live="polite">
        <div className="letters__toolbar">
          <Checkbox
            checked={allChecked}
            indeterminate={!allChecked && selected.size > 0}
            disabled={list.length === 0}
            onChange={(e) => setSelected(e.target.checked ? new Set(list.map((l) => l.id)) : new Set())}
          >
            {t('selectAll')}
          </Checkbox>
          <Button size="small" icon={<DeleteOutlined />} danger disabled={selected.size === 0} onClick={remove}>
            {t('deleteSelected')}
          </Button>
          <Button size="small" icon={<CheckOutlined />} onClick={() => void readAll()} disabled={list.length === 0}>
            {t('readAll')}
          </Button>
          {data && <span className="letters__total">{t('total', { count: data.total })}</span>}
        </div>
        {!data ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : list.length === 0 ? (
          <EmptyState icon={<MailOutlined />} title={t('empty')} description={t('emptyText')} />
        ) : (
          <ul className="letter-list">
            {list.map((l) => (
              <LetterRow
                key={l.id}
                letter={l}
                open={open === l.id}
                checked={selected.has(l.id)}
                onToggle={() => void toggle(l)}
                onCheck={(v) => check(l.id, v)}
              />
            ))}
          </ul>
        )}
        {data && data.total > PAGE_SIZE && (
          <Pagination
            className="messages-pager"
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </section>
    </div>
  );
}

export function MessagePage() {
  const { t } = useTranslation('messages');
  return (
    <div className="panel messages-panel">
      <Tabs
        className="messages-tabs"
        items={[
          { key: 'letters', label: t('tabs.letters'), children: <Letters /> },
          { key: 'notices', label: t('tabs.notices'), children: <NoticeList /> },
        ]}
      />
    </div>
  );
}
