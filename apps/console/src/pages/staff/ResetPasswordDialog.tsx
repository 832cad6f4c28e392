/** Set a new password for a staff member (their sessions end). */
import { Form, Modal } from 'antd';
import { NewPasswordField } from '../../app/PasswordField.tsx';
import { consoleStaffApi, type StaffRow } from '@portal/contract/console';
import { useConsoleMutation } from '../../app/data.ts';

export function ResetPasswordDialog({ staff, onClose }: { staff: StaffRow; onClose(): void }) {
  const [form] = Form.useForm<{ password: string }>();
  const reset = useConsoleMutation(consoleStaffApi.resetPassword, { success: '密码已重置，该员工的会话已结束', onSuccess: onClose });
  return (
    <Modal
      open
      title={`重置 ${staff.username} 的密码`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="重置"
      cancelText="取消"
      confirmLoading={reset.isPending}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => reset.mutate({ id: staff.id, password: v.password })}>
        <NewPasswordField name="password" label="新密码" />
      </Form>
    </Modal>
  );
}
