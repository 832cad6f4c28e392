/** A required reason (a rejection, a manual reconcile): OK only once something is written. */
import { useState } from 'react';
import { Input, Modal } from 'antd';

export function ReasonDialog(props: {
  open: boolean;
  title: string;
  label: string;
  okText: string;
  loading: boolean;
  onOk(reason: string): void;
  onCancel(): void;
}) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText="取消"
      destroyOnHidden
      confirmLoading={props.loading}
      okButtonProps={{ disabled: !reason.trim() }}
      onOk={() => props.onOk(reason.trim())}
      onCancel={props.onCancel}
      afterClose={() => setReason('')}
    >
      <Input.TextArea
        aria-label={props.label}
        placeholder={props.label}
        rows={3}
        maxLength={200}
        showCount
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
