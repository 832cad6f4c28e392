/**
 * Identity verification: the status (未验证 / 审核中 / 已验证 / 未通过 with the reason), why it is asked for
 * now, and the form — real name, birth date, document type and number, the document photo and a selfie
 * holding it, both through the app's image upload. Compliance staff review it; the age rule is the server's.
 */
import { useState } from 'react';
import { App as AntApp, Alert, Button, DatePicker, Form, Input, Select, Tag, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { kycDocumentTypes, protectionApi } from '@portal/contract';
import { call } from '../../api/client.ts';
import { IMAGE_ACCEPT, checkImageFile, uploadImage, type UploadPurpose } from '../../api/upload.ts';
import { useAction, useApiError } from '../mine/useApiError.ts';
import { dateText } from '../../ui/time/format.ts';
import { useApplyState, type ProtectionState } from './api.ts';

/**
 * Identity documents are private uploads (purpose kyc: never served publicly, attachable only to kycSubmit). The
 * contract has the purpose; the request layer's UploadPurpose type (api/upload.ts) still lists only avatar and feedback.
 */
const KYC_PURPOSE: UploadPurpose = 'kyc';
const STATUS_COLOR = { none: 'default', pending: 'processing', verified: 'success', rejected: 'error' } as const;

/** One image: picked, checked, uploaded; the form value is the upload's id. */
function ImageField({ value, onChange, label }: { value?: string; onChange?: (id: string | undefined) => void; label: string }) {
  const { t } = useTranslation('protection');
  const { message } = AntApp.useApp();
  const showError = useApiError();
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <Upload
      listType="picture-card"
      accept={IMAGE_ACCEPT}
      maxCount={1}
      fileList={files}
      data-value={value ?? ''}
      onChange={({ fileList }) => {
        const list = fileList.filter((f) => f.status !== 'error');
        setFiles(list);
        const done = list.find((f) => f.status === 'done');
        onChange?.((done?.response as { id?: string } | undefined)?.id);
      }}
      beforeUpload={(file) => {
        const bad = checkImageFile(file);
        if (!bad) return true;
        void message.error(t(bad === 'type' ? 'kyc.imageType' : 'kyc.imageSize'));
        return Upload.LIST_IGNORE;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        uploadImage(file as File, KYC_PURPOSE).then(
          (r) => onSuccess?.(r),
          (e: unknown) => {
            showError(e);
            onError?.(e instanceof Error ? e : new Error(String(e)));
          },
        );
      }}
    >
      {files.length === 0 && (
        <div className="rg-upload">
          <PlusOutlined />
          <span>{label}</span>
        </div>
      )}
    </Upload>
  );
}

interface Values {
  realName: string;
  birthday: Dayjs;
  documentType: (typeof kycDocumentTypes)[number];
  documentNumber: string;
  documentImage: string;
  selfieImage: string;
}

function KycForm() {
  const { t } = useTranslation('protection');
  const { message } = AntApp.useApp();
  const apply = useApplyState();
  const [busy, run] = useAction();
  const submit = (v: Values) =>
    run(async () => {
      apply(
        await call(protectionApi.kycSubmit, {
          realName: v.realName.trim(),
          birthday: dateText(v.birthday),
          documentType: v.documentType,
          documentNumber: v.documentNumber.trim(),
          documentImage: v.documentImage,
          selfieImage: v.selfieImage,
        }),
      );
      void message.success(t('kyc.submitted'));
    });
  const image = { required: true, message: t('kyc.imageRequired') };
  return (
    <Form<Values> layout="vertical" className="rg-kyc" initialValues={{ documentType: 'id_card' }} onFinish={(v) => void submit(v)}>
      <Form.Item
        name="realName"
        label={t('kyc.realName')}
        rules={[{ required: true, whitespace: true, min: 2, message: t('kyc.realNameRequired') }]}
      >
        <Input maxLength={40} autoComplete="name" />
      </Form.Item>
      <Form.Item name="birthday" label={t('kyc.birthday')} rules={[{ required: true, message: t('kyc.birthdayRequired') }]}>
        <DatePicker disabledDate={(d) => d.isAfter(dayjs())} />
      </Form.Item>
      <Form.Item name="documentType" label={t('kyc.documentType')}>
        <Select options={kycDocumentTypes.map((d) => ({ value: d, label: t(`kyc.documentTypes.${d}`) }))} />
      </Form.Item>
      <Form.Item
        name="documentNumber"
        label={t('kyc.documentNumber')}
        rules={[{ required: true, whitespace: true, min: 4, message: t('kyc.documentNumberRequired') }]}
      >
        <Input maxLength={40} />
      </Form.Item>
      <div className="rg-kyc__images">
        <Form.Item name="documentImage" label={t('kyc.documentImage')} rules={[image]}>
          <ImageField label={t('kyc.upload')} />
        </Form.Item>
        <Form.Item name="selfieImage" label={t('kyc.selfieImage')} rules={[image]}>
          <ImageField label={t('kyc.upload')} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('kyc.submit')}
      </Button>
    </Form>
  );
}

export function KycPanel({ kyc }: { kyc: ProtectionState['kyc'] }) {
  const { t } = useTranslation('protection');
  return (
    <section className="panel rg-section" aria-labelledby="rg-kyc" data-testid="kyc">
      <h2 className="panel__title" id="rg-kyc">
        {t('kyc.title')}
      </h2>
      <p className="rg-muted">{t('kyc.intro')}</p>
      <p>
        {t('kyc.statusLabel')}：
        <Tag color={STATUS_COLOR[kyc.status]} data-testid="kyc-status">
          {t(`kyc.status.${kyc.status}`)}
        </Tag>
      </p>
      {kyc.requiredReason && (
        <Alert type="info" showIcon className="rg-warning" title={t('kyc.required', { reason: kyc.requiredReason })} />
      )}
      {kyc.status === 'rejected' && kyc.rejectReason && (
        <Alert type="error" showIcon className="rg-warning" title={t('kyc.rejectReason', { reason: kyc.rejectReason })} />
      )}
      {kyc.status === 'pending' && <p>{t('kyc.pendingText')}</p>}
      {kyc.status === 'verified' && <p>{t('kyc.verifiedText')}</p>}
      {(kyc.status === 'none' || kyc.status === 'rejected') && <KycForm />}
    </section>
  );
}
