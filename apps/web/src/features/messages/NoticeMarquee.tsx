/**
 * Header notice marquee: the brand's marquee notices (queryNoticeListByPage, marquee only) scroll in
 * the top bar; a click opens the notice list. Nothing shows while there are none. Anonymous callers
 * see it too. The list dialog loads on first click (kept out of the shell's first load).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messagesApi, type Notice } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useUi } from '../../stores/ui.ts';
import './marquee.css';

const NoticeDialog = lazy(() => import('./NoticeDialog.tsx'));
/** Reading speed of the scroll: seconds per character, bounded so a long run neither races nor crawls. */
const SECONDS_PER_CHAR = 0.28;

export function NoticeMarquee() {
  const { t } = useTranslation('messages', { useSuspense: false });
  const language = useUi((s) => s.language);
  const [notices, setNotices] = useState<Notice[]>([]);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    call(messagesApi.noticeList, { marquee: true, pageSize: 10 }, { cached: true })
      .then((r) => alive && setNotices(r.list))
      .catch(() => alive && setNotices([]));
    return () => {
      alive = false;
    };
  }, [language]);

  if (notices.length === 0) return null;
  const chars = notices.reduce((n, x) => n + x.title.length + x.content.length + 8, 0);
  const seconds = Math.min(120, Math.max(18, chars * SECONDS_PER_CHAR));
  const run = (copy: boolean) =>
    notices.map((n) => (
      <button key={n.id} type="button" className="notice-marquee__item" onClick={() => setOpen(n.id)} tabIndex={copy ? -1 : undefined}>
        <strong>【{n.title}】</strong>
        {n.content}
      </button>
    ));
  return (
    <div className="notice-marquee" role="region" aria-label={t('marquee')} data-testid="notice-marquee">
      <SoundOutlined className="notice-marquee__icon" aria-hidden="true" />
      <div className="notice-marquee__viewport">
        <div className="notice-marquee__track" style={{ animationDuration: `${seconds}s` }}>
          <span className="notice-marquee__run">{run(false)}</span>
          {/* A second copy makes the loop seamless (the track moves by half its width). */}
          <span className="notice-marquee__run" aria-hidden="true">
            {run(true)}
          </span>
        </div>
      </div>
      <button type="button" className="notice-marquee__more" onClick={() => setOpen(notices[0]!.id)}>
        {t('moreNotices')}
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <NoticeDialog focusId={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
