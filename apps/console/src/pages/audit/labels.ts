/**
 * Chinese names for the audit screen: actions and the fields of before/after. An action or field not named here
 * is shown as recorded (an area may add its own lines).
 */
export const ACTION_NAMES: Record<string, string> = {
  'auth/changePassword': '修改本人密码',
  'staff/create': '新建员工',
  'staff/update': '修改员工',
  'staff/resetTotp': '重置两步验证',
  'staff/resetPassword': '重置员工密码',
  'staff:create': '命令行创建员工',
};

export const FIELD_NAMES: Record<string, string> = {
  id: '编号',
  username: '用户名',
  displayName: '姓名',
  roles: '角色',
  sites: '品牌',
  siteCode: '品牌',
  ipAllowList: 'IP白名单',
  disabled: '已停用',
  totpEnabled: '已绑定两步验证',
  lastLoginAt: '最近登录',
  createdAt: '创建时间',
  updatedAt: '更新时间',
  status: '状态',
  amount: '金额（分）',
  reason: '原因',
  note: '备注',
  remark: '备注',
  orderNo: '订单号',
  error: '错误码',
  '(值)': '值',
};
