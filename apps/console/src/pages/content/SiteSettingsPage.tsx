/**
 * 站点设置: the selected brand's title, addresses, customer-service address, sign-up and captcha switches, the
 * feature flags (spec §1) and the compliance settings. Saving reloads the brand on this node at once (others within 30 s).
 */
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Switch, Tooltip } from 'antd';
import { consoleSiteApi as api, OPTIONAL_FLAGS, type SiteSettings } from '@portal/contract/console';
import { useConsoleMutation, useConsoleQuery } from '../../app/data.ts';
import { useSite } from '../../app/site.tsx';
import { useCan } from '../../app/staff.tsx';
import { toFen, yuan } from '../../lib/format.ts';

type Flags = SiteSettings['flags'];
type BoolFlag = { [K in keyof Flags]-?: NonNullable<Flags[K]> extends boolean ? K : never }[keyof Flags];

/** The on/off flags of spec §1 with what each does for the player. */
const SWITCHES: Array<[BoolFlag, string, string]> = [
  ['register', '显示注册入口', '关闭后页面不再提示注册'],
  ['deposit', '显示存款入口', '页头的存款按钮'],
  ['innerGame', '站内打开游戏', '第三方场馆在站内框架中打开'],
  ['openInNewWindow', '新窗口打开游戏', '优先于站内打开'],
  ['skipSport', '跳过体育入口页', '会员直接进入体育投注'],
  ['vipNoSave', 'VIP 晋级无需存款', '仅按有效投注晋级'],
  ['hideRealNumber', '隐藏真实信息', '会员资料中手机号、姓名打码'],
  ['hideNavIcon', '隐藏导航图标', ''],
  ['hideAgent', '隐藏代理入口', '页脚的代理合作链接'],
  ['showSponsor', '显示赞助页', ''],
  ['foreverSite', '显示永久域名', '页脚展示品牌地址'],
  ['birthdayDescription', '显示生日说明', '个人资料的生日提示'],
  ['modeSwitch', '允许切换版本', '经典版 / 专业版切换'],
  ['helpCk', '显示帮助中心', ''],
  ['regulatedPace', '电子游戏监管节奏', '每局至少 2.5 秒、无自动旋转'],
];

interface Values {
  title: string;
  domains: string[];
  h5DomainUrl: string;
  csUrl: string;
  primaryColor: string;
  registerOpen: boolean;
  loginCaptcha: 'always' | 'risk';
  safeSwitch: boolean;
  ipCheck: boolean;
  flags: Flags;
  blockedRegions: string[];
  warnedRegions: string[];
  blockedIps: string[];
  blockUnknownRegion: boolean;
  kycDeposit?: string;
  kycWithdraw?: string;
}

const valuesOf = (s: SiteSettings): Values => ({
  title: s.title,
  domains: s.domains,
  h5DomainUrl: s.h5DomainUrl,
  csUrl: s.csUrl,
  primaryColor: s.primaryColor,
  registerOpen: s.registerOpen,
  loginCaptcha: s.loginCaptcha,
  safeSwitch: s.safeSwitch,
  ipCheck: s.ipCheck,
  flags: s.flags,
  blockedRegions: s.compliance.blockedRegions ?? [],
  warnedRegions: s.compliance.warnedRegions ?? [],
  blockedIps: s.compliance.blockedIps ?? [],
  blockUnknownRegion: s.compliance.blockUnknownRegion ?? false,
  kycDeposit: s.compliance.kycDepositThresholdFen ? yuan(s.compliance.kycDepositThresholdFen).replaceAll(',', '') : undefined,
  kycWithdraw: s.compliance.kycWithdrawThresholdFen ? yuan(s.compliance.kycWithdrawThresholdFen).replaceAll(',', '') : undefined,
});

const fenOf = (v?: string) => (v && v.trim() ? (toFen(v) ?? undefined) : undefined);
const tags = (v: string[]) => v.map((x) => x.trim()).filter(Boolean);

export default function SiteSettingsPage() {
  const { siteCode } = useSite();
  const canWrite = useCan('site.write');
  const [form] = Form.useForm<Values>();
  const q = useConsoleQuery(api.siteGet, { siteCode: siteCode ?? 0 }, { enabled: siteCode !== null });
  const save = useConsoleMutation(api.siteUpdate, { success: '站点设置已保存' });
  if (siteCode === null || !q.data) return <Card loading />;
  const submit = (v: Values) =>
    save.mutate({
      siteCode,
      title: v.title.trim(),
      domains: tags(v.domains),
      h5DomainUrl: v.h5DomainUrl.trim(),
      csUrl: v.csUrl.trim(),
      primaryColor: v.primaryColor.trim(),
      registerOpen: v.registerOpen,
      loginCaptcha: v.loginCaptcha,
      safeSwitch: v.safeSwitch,
      ipCheck: v.ipCheck,
      flags: Object.fromEntries(Object.entries(v.flags).filter(([, x]) => x !== null && x !== undefined)),
      clearFlags: OPTIONAL_FLAGS.filter((k) => v.flags[k] === null || v.flags[k] === undefined),
      compliance: {
        ...(tags(v.blockedRegions).length ? { blockedRegions: tags(v.blockedRegions).map((x) => x.toUpperCase()) } : {}),
        ...(tags(v.warnedRegions).length ? { warnedRegions: tags(v.warnedRegions).map((x) => x.toUpperCase()) } : {}),
        ...(tags(v.blockedIps).length ? { blockedIps: tags(v.blockedIps) } : {}),
        ...(v.blockUnknownRegion ? { blockUnknownRegion: true } : {}),
        ...(fenOf(v.kycDeposit) ? { kycDepositThresholdFen: fenOf(v.kycDeposit) } : {}),
        ...(fenOf(v.kycWithdraw) ? { kycWithdrawThresholdFen: fenOf(v.kycWithdraw) } : {}),
      },
    });
  const tagInput = (placeholder: string) => (
    <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} placeholder={placeholder} />
  );
  const money = { pattern: /^\d+(\.\d{1,2})?$/, message: '金额最多两位小数' };
  return (
    <Form<Values> key={siteCode} form={form} layout="vertical" onFinish={submit} initialValues={valuesOf(q.data)} disabled={!canWrite}>
      {!canWrite && <Alert type="info" showIcon title="您的角色只能查看站点设置" style={{ marginBottom: 16 }} />}
      <Card title="基本信息" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label="站点名称" rules={[{ required: true, whitespace: true, max: 40 }]}>
              <Input />
            </Form.Item>
            <Form.Item
              name="domains"
              label="绑定域名"
              rules={[{ required: true, message: '至少一个域名' }]}
              extra="只填主机名，如 www.example.com"
            >
              {tagInput('输入域名后回车')}
            </Form.Item>
            <Form.Item name="h5DomainUrl" label="品牌地址（H5）" extra="用于分享链接和二维码；不填则使用访问地址">
              <Input placeholder="https://" />
            </Form.Item>
            <Form.Item name="csUrl" label="在线客服地址" extra="不填则使用内置客服（在线客服页面）">
              <Input placeholder="https://" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="primaryColor" label="主题色" rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: '格式如 #c9a45c' }]}>
              <Input style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="registerOpen" label="开放注册与登录" valuePropName="checked" extra="关闭后暂停注册和登录">
              <Switch />
            </Form.Item>
            <Form.Item name="loginCaptcha" label="登录验证码">
              <Select
                style={{ width: 200 }}
                options={[
                  { value: 'always', label: '每次登录' },
                  { value: 'risk', label: '仅风险登录' },
                ]}
              />
            </Form.Item>
            <Form.Item name="safeSwitch" label="请求加密" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="ipCheck" label="登录 IP 校验" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="功能开关" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          {SWITCHES.map(([key, label, hint]) => (
            <Col xs={24} sm={12} lg={8} key={key}>
              <Form.Item name={['flags', key]} label={hint ? <Tooltip title={hint}>{label}</Tooltip> : label} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name={['flags', 'defaultLanguage']} label="默认语言">
              <Select
                style={{ width: 160 }}
                options={[
                  { value: 'zh-CN', label: '简体中文' },
                  { value: 'zh-TW', label: '繁體中文' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name={['flags', 'apiPerIpPerMin']} label="每个 IP 每分钟请求上限" extra="不填为系统默认；运营商共享出口可调高">
              <InputNumber min={60} max={100000} style={{ width: 160 }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name={['flags', 'validTurnoverMinOdds']} label="有效投注最低赔率" extra="欧洲盘，不填为 1.50">
              <InputNumber min={1} max={100} step={0.01} style={{ width: 160 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="合规设置" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="blockedRegions" label="禁止访问地区" extra="国家/地区代码，如 US、GB">
              {tagInput('输入代码后回车')}
            </Form.Item>
            <Form.Item name="warnedRegions" label="提示访问受限地区">
              {tagInput('输入代码后回车')}
            </Form.Item>
            <Form.Item name="blockedIps" label="禁止访问 IP" extra="地址或网段，如 203.0.113.0/24">
              {tagInput('输入 IP 后回车')}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="blockUnknownRegion" label="禁止无法识别地区的访问" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="kycDeposit" label="累计存款需实名认证（元）" rules={[money]} extra="不填则不要求">
              <Input style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="kycWithdraw" label="单笔取款需实名认证（元）" rules={[money]} extra="不填则不要求">
              <Input style={{ width: 200 }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={save.isPending} size="large">
          保存设置
        </Button>
      )}
    </Form>
  );
}
