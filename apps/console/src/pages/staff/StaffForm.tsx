/** Create or edit a staff account: roles (Chinese names), brands (or every brand), IP allow-list. */
import { Form, Input, Modal, Radio, Select } from 'antd';
import { ROLES, ROLE_NAMES, consoleStaffApi, type Role, type StaffRow } from '@portal/contract/console';
import { useConsoleMutation } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useMe } from '../../app/staff.tsx';
import { NewPasswordField } from '../../app/PasswordField.tsx';

interface Values {
  username: string;
  displayName: string;
  password: string;
  roles: Role[];
  scope: 'all' | 'some';
  sites: number[];
  ipAllowList: string;
}

const IP_ENTRY = /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/;
const ipsOf = (text: string) =>
  text
    .split(/[\s,，、]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function StaffForm({ staff, onClose }: { staff: StaffRow | null; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const { sites } = useSite();
  const create = useConsoleMutation(consoleStaffApi.create, { success: '员工已创建，首次登录时绑定两步验证', onSuccess: onClose });
  const update = useConsoleMutation(consoleStaffApi.update, { success: '已保存', onSuccess: onClose });
  const scope = Form.useWatch('scope', form);
  const me = useMe();
  const self = staff !== null && staff.id === me.id;

  const submit = (v: Values) => {
    const common = {
      displayName: v.displayName.trim(),
      roles: v.roles,
      sites: v.scope === 'all' ? null : v.sites,
      ipAllowList: ipsOf(v.ipAllowList ?? ''),
    };
    if (staff) {
      // Only what changed: the server refuses a change of one's own roles, even to the same ones.
      const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
      update.mutate({
        id: staff.id,
        ...(common.displayName !== staff.displayName ? { displayName: common.displayName } : {}),
        ...(!same([...common.roles].sort(), [...staff.roles].sort()) ? { roles: common.roles } : {}),
        ...(!same(common.sites, staff.sites) ? { sites: common.sites } : {}),
        ...(!same(common.ipAllowList, staff.ipAllowList) ? { ipAllowList: common.ipAllowList } : {}),
      });
    } else create.mutate({ username: v.username.trim(), password: v.password, ...common });
  };

  return (
    <Modal
      open
      title={staff ? `编辑员工 ${staff.username}` : '新建员工'}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={staff ? '保存' : '创建'}
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          username: staff?.username ?? '',
          displayName: staff?.displayName ?? '',
          roles: staff?.roles ?? [],
          scope: staff && staff.sites !== null ? 'some' : staff ? 'all' : 'some',
          sites: staff?.sites ?? [],
          ipAllowList: staff?.ipAllowList.join('\n') ?? '',
        }}
      >
        {!staff && (
          <Form.Item
            name="username"
            label="用户名"
            rules={[
              { required: true, message: '请输入用户名' },
              { pattern: /^[A-Za-z0-9_.-]{3,32}$/, message: '3-32位字母、数字或 _ . -' },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="displayName"
          label="姓名"
          rules={[{ required: true, whitespace: true, max: 32, message: '请输入姓名（最多32字）' }]}
        >
          <Input />
        </Form.Item>
        {!staff && <NewPasswordField name="password" label="初始密码" />}
        <Form.Item
          name="roles"
          label="角色"
          extra={self ? '不能修改自己的角色' : undefined}
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个角色' }]}
        >
          <Select
            mode="multiple"
            disabled={self}
            optionFilterProp="label"
            options={ROLES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
            placeholder="选择角色"
          />
        </Form.Item>
        <Form.Item name="scope" label="品牌范围">
          <Radio.Group
            options={[
              { value: 'some', label: '指定品牌' },
              { value: 'all', label: '全部品牌' },
            ]}
          />
        </Form.Item>
        {scope !== 'all' && (
          <Form.Item name="sites" label="品牌" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个品牌' }]}>
            <Select
              mode="multiple"
              optionFilterProp="label"
              options={sites.map((s) => ({ value: s.siteCode, label: `${s.title}（${s.siteCode}）` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="ipAllowList"
          label="IP白名单"
          extra="每行一个 IP 或网段（如 10.0.0.0/8）；留空表示不限制。"
          rules={[
            {
              validator: (_, v: string) => {
                const bad = ipsOf(v ?? '').find((ip) => !IP_ENTRY.test(ip));
                return bad ? Promise.reject(new Error(`无效的地址：${bad}`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
