/**
 * refine's data provider for the console. A resource is the action of a list endpoint ('staff/list'); the
 * list call sends `{ page, pageSize, ...filters, ...meta.body }` — every `eq` filter becomes a body field of
 * the same name (empty values are left out) — and maps the answer `{ list, total }` to refine's
 * `{ data, total }`. `custom` posts any action. getOne/create/update/deleteOne are not used: the console's
 * endpoints are verbs, called with useConsoleMutation.
 */
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { callPath } from './client.ts';

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function filtersToBody(filters: CrudFilter[] | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    if ('field' in f && f.operator === 'eq' && !empty(f.value)) body[f.field] = f.value;
  }
  return body;
}

const unsupported = (what: string) => () => Promise.reject(new Error(`console data provider: ${what} is not used (call the endpoint)`));

export const consoleDataProvider: DataProvider = {
  getApiUrl: () => '/console/api',
  async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, filters, meta }: Parameters<DataProvider['getList']>[0]) {
    const page = pagination?.currentPage ?? 1;
    const pageSize = pagination?.pageSize ?? 20;
    const body = { page, pageSize, ...filtersToBody(filters), ...((meta?.body as Record<string, unknown> | undefined) ?? {}) };
    const out = await callPath<{ list: TData[]; total: number }>(resource, body, { signal: meta?.signal as AbortSignal | undefined });
    return { data: out.list, total: out.total };
  },
  getOne: unsupported('getOne'),
  create: unsupported('create'),
  update: unsupported('update'),
  deleteOne: unsupported('deleteOne'),
  async custom({ url, payload }) {
    return { data: await callPath(url, payload ?? {}) };
  },
};
