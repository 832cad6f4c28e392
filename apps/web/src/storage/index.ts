export * from './items.ts';
export { readItem, writeItem } from './local.ts';
