/** The member's own recent logins (member/loginHistory): time, IP, device, client and outcome. */
import { useEffect, useState } from 'react';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { userApi, type ResponseOf } from '@portal/contract';
import { call } from '../../api/client.ts';
import { useApiError } from './useApiError.ts';
import { secondText } from '../../ui/time/format.ts';

type Row = ResponseOf<typeof userApi.loginHistory>['list'][number];
const PAGE_SIZE = 10;

function Outcome({ result }: { result: string }) {
  const { t } = useTranslation('mine');
  if (result === 'success') return <Tag color="success">{t('history.success')}</Tag>;
  if (result === 'wrong_password') return <Tag color="error">{t('history.wrongPassword')}</Tag>;
  return <Tag color="warning">{t('history.challenge')}</Tag>;
}

export function LoginHistory() {
  const { t } = useTranslation('mine');
  const onError = useApiError();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ total: number; list: Row[] } | null>(null);
  useEffect(() => {
    let live = true;
    call(userApi.loginHistory, { pageNum: page, pageSize: PAGE_SIZE }).then((r) => {
      if (live) setData(r);
    }, onError);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
  return (
    <div className="panel" data-testid="login-history">
      <h2 className="panel__title">{t('history.title')}</h2>
      <p className="panel__intro">{t('history.intro')}</p>
      <Table<Row>
        rowKey={(r) => `${r.time}|${r.ip}|${r.device}|${r.result}`}
        size="middle"
        loading={data === null}
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          hideOnSinglePage: true,
        }}
        columns={[
          { key: 'time', title: t('history.time'), dataIndex: 'time', render: (v: string) => secondText(v) },
          { key: 'ip', title: t('history.ip'), dataIndex: 'ip' },
          {
            key: 'device',
            title: t('history.device'),
            dataIndex: 'device',
            render: (v: string) => (
              <span title={v} className="mono">
                {v ? `${v.slice(0, 8)}…` : '—'}
              </span>
            ),
          },
          {
            key: 'client',
            title: t('history.client'),
            dataIndex: 'client',
            render: (v: string) => t(`history.clients.${v}`, { defaultValue: v }),
          },
          { key: 'result', title: t('history.result'), dataIndex: 'result', render: (v: string) => <Outcome result={v} /> },
        ]}
      />
    </div>
  );
}
