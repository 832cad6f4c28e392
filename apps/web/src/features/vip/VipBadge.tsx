/** The member's VIP grade as a badge (VIP pages, the header's member menu); small, so the shell can show it without the VIP pages. */
import './VipBadge.css';

export function VipBadge({ grade, size = 'md' }: { grade: number; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`vip-badge vip-badge--${size} vip-badge--t${Math.min(4, Math.floor((grade + 2) / 3))}`} data-testid="vip-badge">
      <small>VIP</small>
      <b>{grade}</b>
    </span>
  );
}
