/**
 * /support: the brand's built-in service desk, where every 在线客服 entry leads when the
 * operator has configured no external address (onlinecustomservice answers '/support'). A member writes
 * under their session, a visitor under the random key this browser keeps (storage supportVisitorKey), so
 * a player who cannot log in is helped too. New answers are fetched every few seconds while the page is open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, Skeleton } from 'antd';
import { CustomerServiceOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUPPORT_LIMITS, supportApi, type SupportMessageWire } from '@portal/contract';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { supportVisitorKey } from '../../storage/index.ts';
import { useSession } from '../../stores/session.ts';
import { minuteText } from '../../ui/time/format.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import './messages.css';

export const SUPPORT_POLL_MS = 5_000;

export function SupportPage() {
  const { t } = useTranslation('messages');
  const loggedIn = useSession((s) => Boolean(s.token));
  const [messages, setMessages] = useState<SupportMessageWire[] | null>(null);
  const [hours, setHours] = useState('');
  const [ticketNo, setTicketNo] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const lastId = useRef(0);
  const endRef = useRef<HTMLDivElement>(null);
  const who = useCallback(() => (loggedIn ? {} : { visitorKey: supportVisitorKey() }), [loggedIn]);

  const merge = useCallback((fresh: SupportMessageWire[]) => {
    if (fresh.length === 0) return;
    lastId.current = Math.max(lastId.current, ...fresh.map((m) => m.id));
    setMessages((old) => {
      const seen = new Set((old ?? []).map((m) => m.id));
      return [...(old ?? []), ...fresh.filter((m) => !seen.has(m.id))];
    });
  }, []);

  useEffect(() => {
    let stop = false;
    lastId.current = 0;
    setMessages(null);
    const load = async () => {
      try {
        const r = await call(supportApi.thread, { ...who(), ...(lastId.current ? { afterId: lastId.current } : {}) });
        if (stop) return;
        setHours(r.hours);
        setTicketNo(r.ticketNo);
        setMessages((old) => old ?? []);
        merge(r.messages);
      } catch {
        if (!stop) setMessages((old) => old ?? []);
      }
    };
    void load();
    const timer = setInterval(() => void load(), SUPPORT_POLL_MS);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [who, merge]);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages?.length]);

  const send = async () => {
    const body = draft.trim();
    if (!body || sending) return;
    setSending(true);
    try {
      merge([await call(supportApi.send, { ...who(), body })]);
      setDraft('');
      // The first message opens the conversation: its number is shown at once, not at the next poll.
      if (!ticketNo)
        void call(supportApi.thread, { ...who(), afterId: lastId.current }).then(
          (r) => setTicketNo(r.ticketNo),
          () => undefined,
        );
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="support-page" data-testid="support-page">
      <header className="support-page__head">
        <CustomerServiceOutlined />
        <div>
          <h2>{t('support.title')}</h2>
          <p>{t('support.hours', { hours })}</p>
          {ticketNo && (
            <p className="support-page__no" data-testid="support-no">
              {t('support.no', { no: ticketNo })}
            </p>
          )}
        </div>
      </header>
      <div className="support-page__log" role="log" aria-live="polite">
        {messages === null ? (
          <Skeleton active />
        ) : (
          <>
            <div className="support-msg support-msg--staff">
              <p>{t('support.welcome')}</p>
            </div>
            {messages.map((m) => (
              // The desk's own answers (ticket and queue, a help-centre answer) sit on the staff's side, labelled as automatic.
              <div
                key={m.id}
                className={`support-msg support-msg--${m.from === 'desk' ? 'staff support-msg--desk' : m.from}`}
                data-testid={`support-msg-${m.from}`}
              >
                <p>{m.body}</p>
                <time>
                  {m.from === 'staff' ? t('support.staff') : m.from === 'desk' ? t('support.desk') : t('support.me')} · {minuteText(m.at)}
                </time>
              </div>
            ))}
          </>
        )}
        <div ref={endRef} />
      </div>
      <div className="support-page__compose">
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={SUPPORT_LIMITS.BODY_MAX}
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button type="primary" icon={<SendOutlined />} loading={sending} disabled={!draft.trim()} onClick={() => void send()}>
          {t('support.send')}
        </Button>
      </div>
      {!loggedIn && <p className="support-page__visitor">{t('support.visitor')}</p>}
    </div>
  );
}
