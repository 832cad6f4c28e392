/** The brand's notices (公告), newest first, paged: the message centre's notice tab and the marquee's dialog. */
import { useEffect, useRef, useState } from 'react';
import { Pagination, Skeleton, Tag } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messagesApi, type Notice } from '@portal/contract';
import { call } from '../../api/client.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { minuteText } from '../../ui/time/format.ts';

const PAGE_SIZE = 10;

export function NoticeList({ focusId }: { focusId?: string | undefined }) {
  const { t } = useTranslation('messages');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: Notice[] } | null>(null);
  const focused = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    let alive = true;
    call(messagesApi.noticeList, { pageNum: page, pageSize: PAGE_SIZE })
      .then((r) => alive && setData(r))
      .catch(() => alive && setData({ total: 0, list: [] }));
    return () => {
      alive = false;
    };
  }, [page]);

  useEffect(() => {
    focused.current?.scrollIntoView?.({ block: 'nearest' });
  }, [data]);

  if (!data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (data.total === 0) return <EmptyState icon={<NotificationOutlined />} title={t('noticesEmpty')} description={t('noticesEmptyText')} />;
  return (
    <>
      <ul className="notice-list">
        {data.list.map((n) => (
          <li
            key={n.id}
            ref={n.id === focusId ? focused : undefined}
            className={n.id === focusId ? 'notice-list__item is-focused' : 'notice-list__item'}
          >
            <div className="notice-list__head">
              <Tag color="gold">{t(`noticeCategory.${n.category}`)}</Tag>
              <h3 className="notice-list__title">{n.title}</h3>
              <time className="notice-list__time" dateTime={n.startAt}>
                {minuteText(n.startAt)}
              </time>
            </div>
            <p className="notice-list__content">{n.content}</p>
          </li>
        ))}
      </ul>
      {data.total > PAGE_SIZE && (
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
    </>
  );
}
