/** 实名审核: the identity verification queue; a submission's documents (each viewing audited), approve, or refuse with a reason. */
import { useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Image, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { KYC_STATES, consoleComplianceApi, type KycRow } from '@portal/contract/console';
import { useConsoleList, useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { dateTime } from '../../lib/format.ts';
import { STATE_TAGS } from './labels.ts';

const DOCUMENT_NAMES: Record<string, string> = { id_card: '身份证', passport: '护照', other: '其他证件' };
const stateTag = (s: string) => <Tag color={STATE_TAGS[s]?.color}>{STATE_TAGS[s]?.text ?? s}</Tag>;

function Submission({ id, onDone }: { id: string; onDone(): void }) {
  const canReview = useCan('kyc.review');
  const { modal } = App.useApp();
  const d = useConsoleQuery(consoleComplianceApi.kycShow, { id });
  const [images, setImages] = useState<Record<string, string>>({});
  const [refusing, setRefusing] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const view = useConsoleMutation(consoleComplianceApi.kycImage, { success: false });
  const approve = useConsoleMutation(consoleComplianceApi.kycApprove, { success: '已通过', onSuccess: onDone });
  const reject = useConsoleMutation(consoleComplianceApi.kycReject, { success: '已拒绝', onSuccess: onDone });
  const s = d.data;
  if (!s) return null;
  const show = (which: 'document' | 'selfie') =>
    view.mutate({ id, which }, { onSuccess: (r) => setImages((m) => ({ ...m, [which]: r.dataUrl })) });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="会员">{s.username}</Descriptions.Item>
        <Descriptions.Item label="状态">{stateTag(s.status)}</Descriptions.Item>
        <Descriptions.Item label="申报姓名">{s.realName}</Descriptions.Item>
        <Descriptions.Item label="资料姓名">{s.profileRealName || '-'}</Descriptions.Item>
        <Descriptions.Item label="申报生日">{s.birthday}</Descriptions.Item>
        <Descriptions.Item label="资料生日">{s.profileBirthday || '-'}</Descriptions.Item>
        <Descriptions.Item label="证件">
          {DOCUMENT_NAMES[s.documentType] ?? s.documentType} 尾号 {s.documentLast4}
        </Descriptions.Item>
        <Descriptions.Item label="未成年">{s.underage ? <Tag color="red">是</Tag> : '否'}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{dateTime(s.createdAt)}</Descriptions.Item>
        {s.status !== 'pending' && (
          <>
            <Descriptions.Item label="审核人">{s.reviewer}</Descriptions.Item>
            <Descriptions.Item label="审核时间">{dateTime(s.reviewedAt)}</Descriptions.Item>
            {s.reason && <Descriptions.Item label="拒绝原因">{s.reason}</Descriptions.Item>}
          </>
        )}
      </Descriptions>
      {canReview && (
        <Space wrap align="start">
          {(['document', 'selfie'] as const).map((which) =>
            images[which] ? (
              <Image key={which} src={images[which]} width={220} alt={which === 'document' ? '证件照片' : '手持照片'} />
            ) : (
              <Button key={which} onClick={() => show(which)} loading={view.isPending}>
                查看{which === 'document' ? '证件照片' : '手持照片'}
              </Button>
            ),
          )}
        </Space>
      )}
      {canReview && s.status === 'pending' && (
        <Space>
          <Button
            type="primary"
            onClick={() =>
              modal.confirm({ title: `通过 ${s.username} 的实名认证？`, okText: '通过', onOk: () => approve.mutateAsync({ id }) })
            }
          >
            通过
          </Button>
          <Button danger onClick={() => setRefusing(true)}>
            拒绝
          </Button>
        </Space>
      )}
      <Modal
        title="拒绝实名认证"
        open={refusing}
        onCancel={() => setRefusing(false)}
        onOk={() => form.submit()}
        okText="拒绝"
        okButtonProps={{ danger: true }}
        confirmLoading={reject.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => reject.mutate({ id, reason: v.reason })}>
          <Form.Item
            name="reason"
            label="原因（玩家可见）"
            rules={[{ required: true, min: 2, max: 200, message: '请填写 2–200 字的原因' }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}

export default function KycPage() {
  const { siteCode } = useSite();
  const [status, setStatus] = useState<(typeof KYC_STATES)[number] | undefined>('pending');
  const [open, setOpen] = useState<string | null>(null);
  const list = useConsoleList(consoleComplianceApi.kycList, { siteCode: siteCode ?? undefined, status }, { enabled: siteCode !== null });
  const columns: TableColumnsType<KycRow> = [
    { title: '提交时间', dataIndex: 'createdAt', render: dateTime },
    { title: '会员', dataIndex: 'username' },
    { title: '姓名', dataIndex: 'realName' },
    { title: '证件', key: 'doc', render: (_v, r) => `${DOCUMENT_NAMES[r.documentType] ?? r.documentType} 尾号 ${r.documentLast4}` },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: string, r) => (
        <Space>
          {stateTag(s)}
          {r.underage && <Tag color="red">未成年</Tag>}
        </Space>
      ),
    },
    { title: '审核人', dataIndex: 'reviewer', render: (v: string | null) => v ?? '-' },
    {
      title: '操作',
      key: 'open',
      render: (_v, r) => (
        <Button size="small" onClick={() => setOpen(r.id)}>
          {r.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="全部状态"
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={KYC_STATES.map((s) => ({ value: s, label: STATE_TAGS[s]?.text ?? s }))}
        />
      </Space>
      <Table rowKey="id" columns={columns} {...list.tableProps} />
      <Drawer title="实名认证申请" open={open !== null} onClose={() => setOpen(null)} size={640} destroyOnHidden>
        {open && <Submission id={open} onDone={() => setOpen(null)} />}
      </Drawer>
    </>
  );
}
