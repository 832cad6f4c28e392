/**
 * The room's stream when the operator set an HLS url: the browser's own player where it plays HLS (Safari, iOS),
 * else hls.js (loaded only then, its own chunk). No url: a clear poster state — a stream is never required.
 */
import { useEffect, useRef, useState } from 'react';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function StreamPlayer({ url, title }: { url: string | null; title: string }) {
  const { t } = useTranslation('live');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = video.current;
    if (!url || !el) return;
    setFailed(false);
    if (el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = url;
      return () => el.removeAttribute('src');
    }
    let destroy = () => undefined as void;
    let gone = false;
    void import('hls.js').then(({ default: Hls }) => {
      if (gone) return;
      if (!Hls.isSupported()) return setFailed(true);
      const hls = new Hls({ lowLatencyMode: true });
      hls.on(Hls.Events.ERROR, (_e, d) => d.fatal && setFailed(true));
      hls.loadSource(url);
      hls.attachMedia(el);
      destroy = () => hls.destroy();
    });
    return () => {
      gone = true;
      destroy();
    };
  }, [url]);
  if (!url || failed)
    return (
      <div className="live-poster" data-testid="live-poster" role="img" aria-label={title}>
        <VideoCameraOutlined />
        <p>{failed ? t('stream.failed') : t('stream.none')}</p>
      </div>
    );
  return <video ref={video} className="live-video" controls autoPlay muted playsInline data-testid="live-video" aria-label={title} />;
}
