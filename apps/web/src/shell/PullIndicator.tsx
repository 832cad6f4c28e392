/** The pull-to-refresh mark (phone): follows the finger, turns solid once letting go will refresh. */
import { ReloadOutlined } from '@ant-design/icons';
import { PULL_PX } from '../ui/layout/usePullRefresh.ts';

export function PullIndicator({ pulled }: { pulled: number }) {
  const armed = pulled >= PULL_PX;
  return (
    <div
      className={`pull-refresh${armed ? ' is-armed' : ''}`}
      style={{ transform: `translateY(${pulled * 0.6}px) rotate(${pulled * 4}deg)` }}
      aria-hidden="true"
      data-testid="pull-refresh"
    >
      <ReloadOutlined />
    </div>
  );
}
