/** The dialog of a publishing form: its OK button submits the form; the form is dropped when it closes. */
import type { ReactNode } from 'react';
import { Form, Input, Modal, type FormInstance } from 'antd';
import { CONTENT_LIMITS } from '@portal/contract/console';

export function FormDialog(p: {
  title: string;
  okText: string;
  open: boolean;
  loading: boolean;
  form: FormInstance;
  onClose(): void;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={p.onClose}
      onOk={() => p.form.submit()}
      okText={p.okText}
      confirmLoading={p.loading}
      destroyOnHidden
      width={p.width ?? 640}
    >
      {p.children}
    </Modal>
  );
}

/** The title and text of a notice or letter (fields `title` and `content`, the services' limits). */
export function TitleAndText() {
  return (
    <>
      <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
        <Input maxLength={CONTENT_LIMITS.TITLE_MAX} showCount />
      </Form.Item>
      <Form.Item name="content" label="内容" rules={[{ required: true, whitespace: true, message: '请输入内容' }]}>
        <Input.TextArea rows={4} maxLength={CONTENT_LIMITS.CONTENT_MAX} showCount />
      </Form.Item>
    </>
  );
}
