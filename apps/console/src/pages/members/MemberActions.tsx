/** The actions on a member, each shown only when the role holds its permission; every one asks before it acts. */
import { useState } from 'react';
import { App, Button, Form, Input, InputNumber, Modal, Space } from 'antd';
import { consoleMembersApi as api } from '@portal/contract/console';
import { useConsoleMutation } from '../../app/data.ts';
import { useCan } from '../../app/staff.tsx';

interface Props {
  siteCode: number;
  username: string;
  status: 'active' | 'disabled';
  vipGrade: number;
  liveSessions: number;
  hasSecondPassword: boolean;
}

export function MemberActions(p: Props) {
  const { modal, message } = App.useApp();
  const canWrite = useCan('member.write');
  const canVip = useCan('member.vip');
  const key = { siteCode: p.siteCode, username: p.username };
  const disable = useConsoleMutation(api.disable, { success: '已停用该会员，其登录已全部失效' });
  const enable = useConsoleMutation(api.enable, { success: '已启用该会员' });
  const revoke = useConsoleMutation(api.revokeSessions, { success: false });
  const resetSecond = useConsoleMutation(api.resetSecondPassword, { success: '已重置提款密码' });
  const setVip = useConsoleMutation(api.setVip, { success: 'VIP 等级已调整' });
  const [disabling, setDisabling] = useState(false);
  const [vipOpen, setVipOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [grade, setGrade] = useState<number | null>(p.vipGrade);

  if (!canWrite && !canVip) return null;
  return (
    <Space wrap>
      {canWrite && p.status === 'active' && (
        <Button danger onClick={() => setDisabling(true)}>
          停用会员
        </Button>
      )}
      {canWrite && p.status === 'disabled' && (
        <Button
          loading={enable.isPending}
          onClick={() =>
            modal.confirm({ title: `启用会员 ${p.username}？`, content: '启用后会员可以重新登录。', onOk: () => enable.mutateAsync(key) })
          }
        >
          启用会员
        </Button>
      )}
      {canWrite && (
        <Button
          disabled={p.liveSessions === 0}
          onClick={() =>
            modal.confirm({
              title: `踢出会员 ${p.username} 的全部登录？`,
              content: '会员需要重新登录。',
              onOk: () => revoke.mutateAsync(key).then((r) => void message.success(`已踢出 ${r.revoked} 个登录`)),
            })
          }
        >
          踢出登录
        </Button>
      )}
      {canWrite && (
        <Button
          disabled={!p.hasSecondPassword}
          onClick={() =>
            modal.confirm({
              title: `重置会员 ${p.username} 的提款密码？`,
              content: '原提款密码作废，会员下次提款前需重新设置。',
              onOk: () => resetSecond.mutateAsync(key),
            })
          }
        >
          重置提款密码
        </Button>
      )}
      {canVip && <Button onClick={() => setVipOpen(true)}>调整 VIP</Button>}

      <Modal
        title={`停用会员 ${p.username}`}
        open={disabling}
        okText="确认停用"
        okButtonProps={{ danger: true, loading: disable.isPending }}
        onCancel={() => setDisabling(false)}
        onOk={() => disable.mutateAsync({ ...key, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(() => setDisabling(false))}
        destroyOnHidden
      >
        <p>停用后会员的全部登录立即失效，且无法再登录，直至重新启用。</p>
        <Form layout="vertical">
          <Form.Item label="停用原因（选填，记入审计日志）">
            <Input.TextArea rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-label="停用原因" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        title={`调整会员 ${p.username} 的 VIP 等级`}
        open={vipOpen}
        okButtonProps={{ loading: setVip.isPending, disabled: grade === null }}
        onCancel={() => setVipOpen(false)}
        onOk={() => grade !== null && setVip.mutateAsync({ ...key, grade }).then(() => setVipOpen(false))}
        destroyOnHidden
      >
        <p>
          当前等级：VIP{p.vipGrade}
          。手动升级会发放所跨越等级未领过的晋级礼金；调低后，若会员累计存款与流水已达更高等级，系统下次检查时会自动升回。
        </p>
        <InputNumber min={0} max={99} precision={0} value={grade} onChange={(v) => setGrade(v)} addonBefore="VIP" aria-label="VIP 等级" />
      </Modal>
    </Space>
  );
}
