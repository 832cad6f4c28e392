export * from './roles.ts';
export * from './endpoint.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './staff.ts';
export * from './members.ts';
export * from './content.ts';
export * from './reports.ts';
