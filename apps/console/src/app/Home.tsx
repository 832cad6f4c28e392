/** The home route: the dashboard when the role may open it, otherwise the first page of the menu the role may open. */
import { Navigate } from 'react-router';
import { Result } from 'antd';
import type { ConsolePage } from '../pages/types.ts';

export function Home({ pages }: { pages: ConsolePage[] }) {
  const first = pages.find((p) => p.key === 'dashboard') ?? pages.find((p) => !p.hidden && !p.path.includes(':'));
  if (first) return <Navigate to={`/${first.path}`} replace />;
  return <Result status="info" title="当前角色没有可打开的页面" subTitle="请联系超级管理员分配角色。" />;
}

export function Forbidden() {
  return <Result status="403" title="无权访问" subTitle="当前角色没有打开此页面的权限。" />;
}

export function NotFoundPage() {
  return <Result status="404" title="页面不存在" subTitle="请从左侧菜单选择要打开的页面。" />;
}
