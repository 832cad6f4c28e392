/** The 在线客服 menu icon with the desk's badge: conversations waiting for an answer in the staff member's brands (polled). */
import { Badge } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { consoleDeskApi as api, SUPPORT_POLL_MS } from '@portal/contract/console';
import { call } from '../../api/client.ts';

/** The menu gives its icon the icon class (spacing before the label): kept on the badge, the icon's outer element. */
export function SupportMenuIcon({ className }: { className?: string }) {
  const q = useQuery({
    queryKey: ['console', 'support/summary'],
    queryFn: ({ signal }) => call(api.supportSummary, {}, { signal }),
    refetchInterval: SUPPORT_POLL_MS,
    retry: false,
  });
  const waiting = q.data?.waiting ?? 0;
  return (
    <Badge
      className={className}
      count={waiting}
      size="small"
      offset={[2, -2]}
      title={`${waiting} 个会话等待回复`}
      data-testid="support-badge"
    >
      <CustomerServiceOutlined />
    </Badge>
  );
}
