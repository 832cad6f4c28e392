/** Change one's own password: the current one, the new one twice and a code of the authenticator app. */
import { Form, Input, Modal } from 'antd';
import { consoleAuthApi } from '@portal/contract/console';
import { useConsoleMutation } from './data.ts';
import { NewPasswordField } from './PasswordField.tsx';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
  code: string;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const change = useConsoleMutation(consoleAuthApi.changePassword, { success: '密码已修改', onSuccess: () => close() });
  const close = () => {
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title="修改密码"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="确认修改"
      cancelText="取消"
      confirmLoading={change.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => change.mutate({ oldPassword: v.oldPassword, newPassword: v.newPassword, code: v.code.trim() })}
      >
        <Form.Item name="oldPassword" label="当前密码" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordField name="newPassword" label="新密码" />
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="code" label="两步验证码" rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: '请输入6位验证码' }]}>
          <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
