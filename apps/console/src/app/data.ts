/**
 * Data hooks every console page uses.
 *  - useConsoleList(endpoint, filters): a list endpoint (`{ page, pageSize, …filters }` → `{ list, total }`) through
 *    refine's useList and the console's data provider; the page resets to 1 when the filters change; `tableProps`
 *    spreads onto an antd Table (rows, loading, pagination).
 *  - useConsoleMutation(endpoint): any other call; on success it refreshes every list and query of the console and
 *    toasts `success` (default 操作成功); on failure it toasts the server's message.
 *  - useConsoleQuery(endpoint, body): a non-list read (react-query).
 */
import { useMemo, useState } from 'react';
import { useList, type CrudFilter } from '@refinedev/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { ConsoleEndpoint } from '@portal/contract/console';
import { actionOf, call, type ConsoleError, type In, type Out } from '../api/client.ts';

type ListOut<E extends ConsoleEndpoint> = Out<E> extends { list: Array<infer T> } ? T : never;
export type ListFilters<E extends ConsoleEndpoint> = Omit<In<E>, 'page' | 'pageSize'>;

export interface ConsoleList<T> {
  list: T[];
  total: number;
  loading: boolean;
  error: ConsoleError | null;
  page: number;
  pageSize: number;
  setPage(page: number, pageSize?: number): void;
  refetch(): void;
  /** Spread onto an antd <Table rowKey=… columns=… {...tableProps} />. */
  tableProps: { dataSource: T[]; loading: boolean; pagination: TablePaginationConfig };
}

export function useConsoleList<E extends ConsoleEndpoint>(
  endpoint: E,
  filters: ListFilters<E>,
  o: { pageSize?: number; enabled?: boolean } = {},
): ConsoleList<ListOut<E>> {
  const filtersKey = JSON.stringify(filters ?? {});
  const [paging, setPaging] = useState({ page: 1, pageSize: o.pageSize ?? 20, filtersKey });
  const page = paging.filtersKey === filtersKey ? paging.page : 1;
  const pageSize = paging.pageSize;
  const crud = useMemo<CrudFilter[]>(
    () => Object.entries(JSON.parse(filtersKey) as Record<string, unknown>).map(([field, value]) => ({ field, operator: 'eq', value })),
    [filtersKey],
  );
  const { query, result } = useList<ListOut<E> & object, ConsoleError & { statusCode: number }>({
    resource: actionOf(endpoint),
    pagination: { currentPage: page, pageSize, mode: 'server' },
    filters: crud,
    queryOptions: { enabled: o.enabled ?? true, placeholderData: (prev) => prev, retry: false },
    errorNotification: false,
  });
  const list = (result.data ?? []) as ListOut<E>[];
  const total = result.total ?? 0;
  const setPage = (p: number, size?: number) => setPaging({ page: p, pageSize: size ?? pageSize, filtersKey });
  return {
    list,
    total,
    loading: query.isFetching,
    error: (query.error as ConsoleError | null) ?? null,
    page,
    pageSize,
    setPage,
    refetch: () => void query.refetch(),
    tableProps: {
      dataSource: list,
      loading: query.isFetching,
      pagination: {
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        showTotal: (t) => `共 ${t} 条`,
        onChange: (p, size) => setPage(size !== pageSize ? 1 : p, size),
      },
    },
  };
}

export function useConsoleMutation<E extends ConsoleEndpoint>(
  endpoint: E,
  o: { success?: string | false; onSuccess?: (out: Out<E>, body: In<E>) => void } = {},
) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useMutation<Out<E>, ConsoleError, In<E>>({
    mutationFn: (body) => call(endpoint, body),
    onSuccess: async (out, body) => {
      if (o.success !== false) void message.success(o.success ?? '操作成功');
      o.onSuccess?.(out, body);
      await qc.invalidateQueries();
    },
    onError: (e) => void message.error(e.message),
  });
}

export function useConsoleQuery<E extends ConsoleEndpoint>(endpoint: E, body: In<E>, o: { enabled?: boolean } = {}) {
  return useQuery<Out<E>, ConsoleError>({
    queryKey: ['console', actionOf(endpoint), body],
    queryFn: ({ signal }) => call(endpoint, body, { signal }),
    enabled: o.enabled ?? true,
    retry: false,
  });
}
