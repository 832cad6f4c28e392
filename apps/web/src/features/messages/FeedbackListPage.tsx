/**
 * /mine/feedback/list: the member's feedback, newest first, with the operator's reply. Opening one
 * (getFeedbackInfo) marks a new reply read; delete removes it from the member's list.
 */
import { useCallback, useEffect, useState } from 'react';
import { App as AntApp, Badge, Button, Image, Modal, Pagination, Skeleton, Tag } from 'antd';
import { CommentOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { feedbackApi, type FeedbackItem } from '@portal/contract';
import { call } from '../../api/client.ts';
import { bus } from '../../app/events.ts';
import { openPath } from '../../routes/nav.ts';
import { EmptyState } from '../../ui/layout/EmptyState.tsx';
import { useApiError } from '../mine/useApiError.ts';
import { minuteText } from '../../ui/time/format.ts';
import { useUnread } from './unread.ts';
import './messages.css';

const PAGE_SIZE = 10;

function Detail({ item, onClose }: { item: FeedbackItem; onClose: () => void }) {
  const { t } = useTranslation('messages');
  return (
    <Modal
      open
      centered
      width={640}
      title={t('feedback.detail')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('close')}</Button>}
      destroyOnHidden
    >
      <div className="feedback-detail" data-testid="feedback-detail">
        <div className="feedback-detail__meta">
          <span className="feedback-no" data-testid="feedback-detail-no">
            {t('feedback.no', { no: item.ticketNo })}
          </span>
          <Tag>{t(`feedback.types.${item.type}`)}</Tag>
          <span>
            {t('feedback.createdAt')}：{minuteText(item.createdAt)}
          </span>
        </div>
        <p className="feedback-detail__content">{item.content}</p>
        {item.images.length > 0 && (
          <Image.PreviewGroup>
            <div className="feedback-detail__images">
              {item.images.map((img) => (
                <Image key={img.id} src={img.url} width={96} height={96} alt="" />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
        <section className={`feedback-reply${item.reply ? '' : ' is-waiting'}`}>
          <h4>
            {t('feedback.reply')}
            {item.repliedAt && <time dateTime={item.repliedAt}>{minuteText(item.repliedAt)}</time>}
          </h4>
          <p>{item.reply ?? t('feedback.noReply')}</p>
        </section>
      </div>
    </Modal>
  );
}

export function FeedbackListPage() {
  const { t } = useTranslation('messages');
  const { message } = AntApp.useApp();
  const showError = useApiError();
  const refreshUnread = useUnread((s) => s.refresh);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: FeedbackItem[] } | null>(null);
  const [detail, setDetail] = useState<FeedbackItem | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await call(feedbackApi.list, { pageNum: page, pageSize: PAGE_SIZE }));
    } catch (e) {
      showError(e);
      setData({ total: 0, list: [] });
    }
  }, [page, showError]);

  useEffect(() => {
    void load();
  }, [load]);

  const open = async (f: FeedbackItem) => {
    try {
      const item = await call(feedbackApi.info, { id: f.id });
      setDetail(item);
      setData((d) => d && { ...d, list: d.list.map((x) => (x.id === item.id ? item : x)) });
      if (f.replyUnread) void refreshUnread();
    } catch (e) {
      showError(e);
      void load();
    }
  };

  const remove = (f: FeedbackItem) =>
    bus.emit('show_confirm', {
      content: t('feedback.deleteConfirm'),
      onOk: async () => {
        try {
          await call(feedbackApi.del, { id: f.id });
        } catch (e) {
          showError(e);
          throw e;
        }
        void message.success(t('deleted'));
        if (data && data.list.length === 1 && page > 1) setPage(page - 1);
        await Promise.all([load(), refreshUnread()]);
      },
    });

  return (
    <div className="panel feedback-panel">
      <div className="feedback-panel__head">
        <h2 className="panel__title">{t('feedback.listTitle')}</h2>
        <Button type="primary" icon={<EditOutlined />} onClick={() => openPath('/mine/feedback')}>
          {t('feedback.newFeedback')}
        </Button>
      </div>
      {!data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : data.total === 0 ? (
        <EmptyState icon={<CommentOutlined />} title={t('feedback.empty')} description={t('feedback.emptyText')} />
      ) : (
        <ul className="feedback-list">
          {data.list.map((f) => (
            <li key={f.id} className="feedback-item" data-testid="feedback-item">
              <button type="button" className="feedback-item__main" onClick={() => void open(f)}>
                <span className="feedback-item__top">
                  <span className="feedback-no" data-testid="feedback-no">
                    {t('feedback.no', { no: f.ticketNo })}
                  </span>
                  <Tag>{t(`feedback.types.${f.type}`)}</Tag>
                  <Tag color={f.status === 'replied' ? 'success' : 'default'}>{t(`feedback.status.${f.status}`)}</Tag>
                  {f.replyUnread && <Badge status="error" text={t('feedback.newReply')} />}
                  <time dateTime={f.createdAt}>{minuteText(f.createdAt)}</time>
                </span>
                <span className="feedback-item__content">{f.content}</span>
                {f.reply && (
                  <span className="feedback-item__reply">
                    {t('feedback.reply')}：{f.reply}
                  </span>
                )}
              </button>
              <div className="feedback-item__actions">
                <Button size="small" onClick={() => void open(f)}>
                  {t('feedback.view')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('delete')} onClick={() => remove(f)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > PAGE_SIZE && (
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
      {detail && <Detail item={detail} onClose={() => setDetail(null)} />}
    </div>
  );
}
