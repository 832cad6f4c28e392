/** 新建活动: one of the engines' types, its parameters as a form; the contract's schemas check it before sending. */
import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { GAME_CATEGORIES, PROMOTION_CATEGORIES, PROMOTION_TYPES } from '@portal/contract';
import { PROMOTION_THEMES, PROMOTION_TYPE_NAMES, consolePromotionsApi, promotionCreate } from '@portal/contract/console';
import { useConsoleMutation } from '../../app/data.ts';
import { PROMO_CATEGORY_NAMES, VENUE_CATEGORY_NAMES } from './labels.ts';
import { PARAM_FIELDS, toParams, type ParamField } from './promoParams.ts';

type PromoType = (typeof PROMOTION_TYPES)[number];
interface Values {
  id: string;
  type: PromoType;
  category: string;
  titleCn: string;
  titleTw?: string;
  summaryCn?: string;
  rulesCn: string;
  theme: string;
  range: [Dayjs | null, Dayjs | null];
  sort?: number;
  params?: Record<string, unknown>;
}

const THEME_NAMES: Record<string, string> = { gold: '金色', jade: '翠绿', crimson: '绯红', violet: '紫罗兰', azure: '天蓝', ember: '橙焰' };

/** One parameter's input; Form.Item gives it value and onChange. In a list row the label is the placeholder. */
function ParamInput({ f, inRow, ...rest }: { f: ParamField; inRow?: boolean; value?: unknown; onChange?: (v: unknown) => void }) {
  const common = { ...rest, ...(inRow ? { placeholder: f.label } : {}) } as Record<string, unknown>;
  if (f.kind === 'text') return <Input {...common} maxLength={20} style={{ width: 140 }} />;
  if (f.kind === 'enum') return <Select {...common} style={{ width: 160 }} options={f.options} />;
  if (f.kind === 'categories')
    return (
      <Select
        {...common}
        mode="multiple"
        style={{ width: 320 }}
        options={GAME_CATEGORIES.map((c) => ({ value: c, label: VENUE_CATEGORY_NAMES[c] ?? c }))}
      />
    );
  return <InputNumber {...common} min={0} precision={f.kind === 'int' ? 0 : 2} style={{ width: 160 }} />;
}

function ParamFields({ fields }: { fields: ParamField[] }) {
  return (
    <>
      {fields.map((f) =>
        f.kind === 'list' || f.kind === 'yuanList' ? (
          <Form.Item key={f.name} label={f.label}>
            <Form.List name={['params', f.name]}>
              {(rows, { add, remove }) => (
                <Space orientation="vertical">
                  {rows.map((row) => (
                    <Space key={row.key} align="baseline" wrap>
                      {f.kind !== 'list' ? (
                        <Form.Item name={row.name} noStyle>
                          <InputNumber min={0} precision={2} style={{ width: 160 }} placeholder="元" />
                        </Form.Item>
                      ) : (
                        f.fields.map((sub) => (
                          <Form.Item key={sub.name} name={[row.name, sub.name]} noStyle>
                            <ParamInput f={sub} inRow />
                          </Form.Item>
                        ))
                      )}
                      <MinusCircleOutlined onClick={() => remove(row.name)} />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                    添加一项
                  </Button>
                </Space>
              )}
            </Form.List>
          </Form.Item>
        ) : (
          <Form.Item key={f.name} name={['params', f.name]} label={f.label}>
            <ParamInput f={f} />
          </Form.Item>
        ),
      )}
    </>
  );
}

export function PromoCreateDialog({ siteCode, open, onClose }: { siteCode: number; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? 'sign_in';
  const [problem, setProblem] = useState<string | null>(null);
  const create = useConsoleMutation(consolePromotionsApi.create, { success: '活动已创建', onSuccess: () => close() });
  const close = () => {
    setProblem(null);
    form.resetFields();
    onClose();
  };

  const submit = (v: Values) => {
    const body = {
      id: v.id,
      siteCode,
      type: v.type,
      category: v.category as (typeof PROMOTION_CATEGORIES)[number],
      title: { 'zh-CN': v.titleCn, 'zh-TW': v.titleTw?.trim() || v.titleCn },
      summary: { 'zh-CN': v.summaryCn ?? '', 'zh-TW': v.summaryCn ?? '' },
      rules: { 'zh-CN': v.rulesCn, 'zh-TW': v.rulesCn },
      banner: { theme: v.theme as (typeof PROMOTION_THEMES)[number], image: null },
      params: toParams(PARAM_FIELDS[v.type], v.params),
      startsAt: (v.range?.[0] ?? null)?.toISOString() ?? '',
      endsAt: v.range?.[1]?.toISOString() ?? null,
      sort: v.sort ?? 0,
    };
    const checked = promotionCreate.safeParse(body);
    if (!checked.success) {
      const paths = [...new Set(checked.error.issues.map((i) => i.path.join('.')))];
      setProblem(`请检查这些项目：${paths.map(fieldName).join('、')}`);
      return;
    }
    setProblem(null);
    create.mutate(body);
  };

  return (
    <Modal
      title="新建活动"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="创建"
      confirmLoading={create.isPending}
      width={760}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 7 }}
        onFinish={submit}
        initialValues={{ type: 'sign_in', category: 'general', theme: 'gold', sort: 0 }}
      >
        <Form.Item
          name="id"
          label="活动编号"
          rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,48}$/, message: '3–48 位字母、数字、-、_' }]}
        >
          <Input placeholder="如 sign-in-2027" />
        </Form.Item>
        <Form.Item name="type" label="活动类型">
          <Select
            options={PROMOTION_TYPES.map((t) => ({ value: t, label: PROMOTION_TYPE_NAMES[t] }))}
            onChange={() => form.setFieldValue('params', {})}
          />
        </Form.Item>
        <Form.Item name="category" label="活动分类">
          <Select options={PROMOTION_CATEGORIES.map((c) => ({ value: c, label: PROMO_CATEGORY_NAMES[c] ?? c }))} />
        </Form.Item>
        <Form.Item name="titleCn" label="标题（简体）" rules={[{ required: true, max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="titleTw" label="标题（繁体，可留空）" rules={[{ max: 40 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="summaryCn" label="简介" rules={[{ max: 120 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="rulesCn" label="活动规则" rules={[{ required: true }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="theme" label="横幅配色">
          <Select options={PROMOTION_THEMES.map((t) => ({ value: t, label: THEME_NAMES[t] ?? t }))} />
        </Form.Item>
        <Form.Item name="range" label="活动时间" rules={[{ required: true, message: '请选择开始时间' }]}>
          <DatePicker.RangePicker showTime allowEmpty={[false, true]} placeholder={['开始时间', '结束时间（可不填）']} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <ParamFields key={type} fields={PARAM_FIELDS[type]} />
        {problem && <Alert type="error" title={problem} showIcon />}
      </Form>
    </Modal>
  );
}

const FIELD_NAMES: Record<string, string> = {
  id: '活动编号',
  title: '标题',
  rules: '活动规则',
  startsAt: '开始时间',
  endsAt: '结束时间',
  params: '活动参数',
};
function fieldName(path: string): string {
  const [head, name] = path.split('.');
  if (head === 'params' && name) {
    for (const fields of Object.values(PARAM_FIELDS)) {
      const f = fields.find((x) => x.name === name);
      if (f) return f.label;
    }
  }
  return FIELD_NAMES[head ?? ''] ?? path;
}
