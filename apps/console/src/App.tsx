/**
 * The operator console: antd (zh-CN) + refine (headless: data, auth and access-control providers) + react-router
 * under /console. /signin is open; every other route needs a staff session and is built from the page registry.
 */
import { useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { Refine } from '@refinedev/core';
import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Button, ConfigProvider, Result, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { getToken, onSessionEnd, type ConsoleError } from './api/client.ts';
import { consoleDataProvider } from './api/dataProvider.ts';
import { consoleAccessControl, consoleAuthProvider, loadIdentity } from './auth/providers.ts';
import { SignInPage } from './auth/SignInPage.tsx';
import { Forbidden, Home, NotFoundPage } from './app/Home.tsx';
import { ConsoleLayout } from './app/Layout.tsx';
import { SiteProvider } from './app/site.tsx';
import { holds, StaffProvider } from './app/staff.tsx';
import { pages } from './pages/index.ts';

dayjs.locale('zh-cn');

export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } } });
}

export function ConsoleApp({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1668dc' } }}>
      <AntApp>
        <BrowserRouter basename="/console">
          <Refine
            dataProvider={consoleDataProvider}
            authProvider={consoleAuthProvider}
            accessControlProvider={consoleAccessControl}
            options={{ disableTelemetry: true, reactQuery: { clientConfig: queryClient }, mutationMode: 'pessimistic' }}
          >
            <SessionWatcher />
            <Routes>
              <Route path="/signin" element={<SignInPage />} />
              <Route path="*" element={<SignedIn />} />
            </Routes>
          </Refine>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}

/** A call that finds the session gone (6001: idle, expired, ended elsewhere) goes back to sign-in with the server's message. */
function SessionWatcher() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(
    () =>
      onSessionEnd((message) => {
        qc.clear();
        navigate('/signin', { replace: true, state: { message } });
      }),
    [navigate, qc],
  );
  return null;
}

function SignedIn() {
  const token = getToken();
  const me = useQuery({ queryKey: ['console', 'me', token], queryFn: loadIdentity, enabled: !!token, staleTime: Infinity });
  const permitted = useMemo(() => (me.data ? pages.filter((p) => holds(me.data, p.permission)) : []), [me.data]);
  if (!token) return <Navigate to="/signin" replace />;
  if (me.isPending) return <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />;
  if (me.isError || !me.data)
    return (
      <Result
        status="error"
        title="无法加载账号信息"
        subTitle={(me.error as ConsoleError | null)?.message}
        extra={<Button onClick={() => void me.refetch()}>重试</Button>}
      />
    );
  return (
    <StaffProvider staff={me.data}>
      <SiteProvider>
        <Routes>
          <Route element={<ConsoleLayout pages={permitted} />}>
            <Route index element={<Home pages={permitted} />} />
            {pages.map((p) => (
              <Route key={p.key} path={p.path} element={permitted.includes(p) ? p.element : <Forbidden />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </SiteProvider>
    </StaffProvider>
  );
}
