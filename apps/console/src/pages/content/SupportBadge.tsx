/**
 * The 在线客服 menu icon with the desk's badge (polled): the players' messages not answered yet in the staff member's
 * brands, and how many conversations wait; a new message chimes (staff see new messages at once).
 */
import { useEffect, useRef } from 'react';
import { Badge } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { consoleDeskApi as api, SUPPORT_POLL_MS } from '@portal/contract/console';
import { call } from '../../api/client.ts';

/** A short two-note chime (Web Audio: no file to load); silent where the browser has no audio or blocks it. */
export function chime(): void {
  const Ctx = (window as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.connect(ctx.destination);
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.45);
    for (const [i, hz] of [880, 1320].entries()) {
      const o = ctx.createOscillator();
      o.frequency.value = hz;
      o.connect(gain);
      o.start(ctx.currentTime + i * 0.15);
      o.stop(ctx.currentTime + i * 0.15 + 0.2);
    }
    setTimeout(() => void ctx.close(), 1_000);
  } catch {
    /* audio not allowed yet (no user gesture): the badge still counts */
  }
}

/** Chimes when the count of unanswered messages grows (not on the first answer: the page just opened). */
export function useChimeOnGrowth(count: number | undefined, play: () => void = chime): void {
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (last.current !== undefined && count > last.current) play();
    last.current = count;
  }, [count, play]);
}

/** The menu gives its icon the icon class (spacing before the label): kept on the badge, the icon's outer element. */
export function SupportMenuIcon({ className }: { className?: string }) {
  const q = useQuery({
    queryKey: ['console', 'support/summary'],
    queryFn: ({ signal }) => call(api.supportSummary, {}, { signal }),
    refetchInterval: SUPPORT_POLL_MS,
    retry: false,
  });
  const waiting = q.data?.waiting ?? 0;
  const unread = q.data?.unread;
  useChimeOnGrowth(unread);
  return (
    <Badge
      className={className}
      count={unread ?? 0}
      size="small"
      offset={[2, -2]}
      title={`${unread ?? 0} 条新消息 · ${waiting} 个会话等待回复`}
      data-testid="support-badge"
      data-waiting={waiting}
    >
      <CustomerServiceOutlined />
    </Badge>
  );
}
