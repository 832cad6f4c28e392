/** The ten recovery codes, shown once after enrolment; the staff member confirms with 我已保存 before going on. */
import { useState } from 'react';
import { Alert, Button, Checkbox, Typography } from 'antd';

export function RecoveryCodes({ codes, onDone, busy }: { codes: string[]; onDone(): void; busy: boolean }) {
  const [saved, setSaved] = useState(false);
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="两步验证已开启。以下恢复码只显示这一次"
        description="手机丢失时，可用恢复码代替验证码登录，每个恢复码只能使用一次。请抄写或保存到安全的地方。"
        style={{ marginBottom: 16 }}
      />
      <ol className="console-recovery-codes" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <Typography.Text code>{c}</Typography.Text>
          </li>
        ))}
      </ol>
      <Typography.Paragraph copyable={{ text: codes.join('\n'), tooltips: ['复制全部', '已复制'] }}>复制全部恢复码</Typography.Paragraph>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} style={{ marginBottom: 12 }}>
        我已将恢复码保存在安全的地方
      </Checkbox>
      <Button type="primary" block disabled={!saved} loading={busy} onClick={onDone}>
        我已保存，进入后台
      </Button>
    </div>
  );
}
