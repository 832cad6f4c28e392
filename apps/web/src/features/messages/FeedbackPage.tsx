/**
 * /mine/feedback: type, text (10-500 characters) and up to 3 images (upload/uploadImage, purpose
 * feedback; the ids go with addFeedBack). After sending, the member's feedback list opens.
 */
import { useState } from 'react';
import { App as AntApp, Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { CustomerServiceOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_TYPES, feedbackApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { IMAGE_ACCEPT, checkImageFile, uploadImage } from '../../api/upload.ts';
import { bus } from '../../app/events.ts';
import { notify } from '../../ui/dialogs/notify.ts';
import { openPath } from '../../routes/nav.ts';
import { useApiError } from '../mine/useApiError.ts';
import { FeedbackBetSelect, withBetRef } from './FeedbackBet.tsx';
import './messages.css';

/** Same limits as the server (modules/feedback/service.ts FEEDBACK_LIMITS). */
export const FEEDBACK_FORM = { CONTENT_MIN: 10, CONTENT_MAX: 500, IMAGES_MAX: 3 } as const;
const chars = (s: string) => [...s.trim()].length;

interface Values {
  type: string;
  content: string;
  /** A game problem's related bet (its ticket number), optional. */
  bet?: string;
}

export function FeedbackPage() {
  const { t } = useTranslation('messages');
  const { message } = AntApp.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const uploading = files.some((f) => f.status === 'uploading');
  const type = Form.useWatch('type', form);
  const betRef = (id: string) => t('feedback.betRef', { id });
  /** The text as sent: the related bet's number first. */
  const sentText = (content: string | undefined, bet: string | undefined, kind: string | undefined) =>
    withBetRef((content ?? '').trim(), kind === 'game' ? bet : undefined, betRef);

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const images = files.filter((f) => f.status === 'done' && f.response).map((f) => (f.response as { id: string }).id);
      const added = await call(feedbackApi.add, {
        type: v.type as (typeof FEEDBACK_TYPES)[number],
        content: sentText(v.content, v.bet, v.type),
        ...(images.length ? { images } : {}),
      });
      notify.success(t('feedback.submitted', { no: added.ticketNo })); // the app-wide toast: this page is hidden once the list opens
      form.resetFields();
      setFiles([]);
      openPath('/mine/feedback/list');
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="panel feedback-panel">
      <div className="feedback-panel__head">
        <h2 className="panel__title">{t('feedback.title')}</h2>
        <Button type="link" icon={<UnorderedListOutlined />} onClick={() => openPath('/mine/feedback/list')}>
          {t('feedback.myList')}
        </Button>
      </div>
      <p className="panel__intro">{t('feedback.intro')}</p>
      <Form form={form} layout="vertical" className="feedback-form" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item name="type" label={t('feedback.type')} rules={[{ required: true, message: t('feedback.typeRequired') }]}>
          <Select
            placeholder={t('feedback.typePlaceholder')}
            options={FEEDBACK_TYPES.map((k) => ({ value: k, label: t(`feedback.types.${k}`) }))}
          />
        </Form.Item>
        {type === 'game' && (
          <Form.Item name="bet" label={t('feedback.bet')}>
            <FeedbackBetSelect />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('feedback.content')}
          rules={[
            {
              validator: (_, v: string | undefined) => {
                const n = chars(v ?? '');
                // The related bet's number is sent with the text: together within the limit.
                const sent = chars(sentText(v, form.getFieldValue('bet') as string | undefined, type));
                return n >= FEEDBACK_FORM.CONTENT_MIN && sent <= FEEDBACK_FORM.CONTENT_MAX
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('feedback.contentLength')));
              },
            },
          ]}
        >
          <Input.TextArea rows={6} maxLength={FEEDBACK_FORM.CONTENT_MAX} showCount placeholder={t('feedback.contentPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('feedback.images')} extra={t('feedback.imagesHint')}>
          <Upload
            listType="picture-card"
            accept={IMAGE_ACCEPT}
            fileList={files}
            maxCount={FEEDBACK_FORM.IMAGES_MAX}
            onChange={({ fileList }) =>
              setFiles(
                fileList
                  .filter((f) => f.status !== 'error')
                  .map((f) => {
                    // Show the stored image (the server's url) once uploaded.
                    const url = (f.response as { url?: string } | undefined)?.url;
                    return f.status === 'done' && url ? { ...f, url, thumbUrl: url } : f;
                  }),
              )
            }
            beforeUpload={(file) => {
              const bad = checkImageFile(file);
              if (bad) {
                void message.error(t(bad === 'type' ? 'feedback.imageType' : 'feedback.imageSize'));
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file, onSuccess, onError }) => {
              uploadImage(file as File, 'feedback').then(
                (r) => onSuccess?.(r),
                (e: unknown) => {
                  showError(e);
                  onError?.(e instanceof Error ? e : new Error(String(e)));
                },
              );
            }}
          >
            {files.length < FEEDBACK_FORM.IMAGES_MAX && (
              <div className="feedback-form__add">
                <PlusOutlined />
                <span>{t('feedback.images')}</span>
              </div>
            )}
          </Upload>
        </Form.Item>
        <div className="feedback-form__actions">
          <Button type="primary" htmlType="submit" size="large" loading={busy} disabled={uploading}>
            {t('feedback.submit')}
          </Button>
          <Button type="link" icon={<CustomerServiceOutlined />} onClick={() => bus.emit('open_customer_service')}>
            {t('feedback.service')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
