/** The dialog of a publishing form: its OK button submits the form; the form is dropped when it closes. */
import type { ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';

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
