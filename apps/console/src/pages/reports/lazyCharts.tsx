/** The chart chunk, loaded on first use (recharts stays out of the console's entry bundle). */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from 'antd';

const Money = lazy(() => import('./charts.tsx').then((m) => ({ default: m.MoneyChart })));
const Players = lazy(() => import('./charts.tsx').then((m) => ({ default: m.PlayersChart })));

type Props = ComponentProps<typeof Money>;

export function MoneyChart(p: Props) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Money {...p} />
    </Suspense>
  );
}

export function PlayersChart(p: Props) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
      <Players {...p} />
    </Suspense>
  );
}
