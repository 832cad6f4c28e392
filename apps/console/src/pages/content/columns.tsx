/** Table columns the publishing screens share: the state tag, the window, the take-down action. */
import { Button, Popconfirm, Tag } from 'antd';
import type { PublishState } from '@portal/contract/console';
import { dateTime } from '../../lib/format.ts';
import { STATE_TAGS } from './labels.ts';

interface Published {
  id: string;
  state: PublishState;
  startAt: number;
  endAt: number | null;
}

export const publishedColumns = [
  {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (s: PublishState) => <Tag color={STATE_TAGS[s].color}>{STATE_TAGS[s].text}</Tag>,
  },
  { title: '开始时间', dataIndex: 'startAt', width: 170, render: dateTime },
  { title: '结束时间', dataIndex: 'endAt', width: 170, render: (t: number | null) => (t ? dateTime(t) : '长期') },
];

/** The 下架 column, for a role that may write (none otherwise). */
export function withdrawColumn<T extends Published>(canWrite: boolean, confirm: string, withdraw: (id: string) => void) {
  if (!canWrite) return [];
  return [
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_: unknown, r: T) =>
        r.state === 'withdrawn' ? null : (
          <Popconfirm title={confirm} okText="下架" cancelText="取消" onConfirm={() => withdraw(r.id)}>
            <Button type="link" danger size="small">
              下架
            </Button>
          </Popconfirm>
        ),
    },
  ];
}
