/** A new staff password (at least CONSOLE_LIMITS.PASSWORD_MIN characters), as the server requires it. */
import { Form, Input } from 'antd';
import { CONSOLE_LIMITS } from '@portal/contract/console';

export function NewPasswordField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: `请输入${label}` },
        { min: CONSOLE_LIMITS.PASSWORD_MIN, message: `${label}至少${CONSOLE_LIMITS.PASSWORD_MIN}位` },
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
