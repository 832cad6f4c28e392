/** Two server nodes on one Redis for the realtime tests (each node its own in-memory database). */
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../seed.ts';
import { DEMO_MEMBER, seedDemoMember } from '../modules/user/seed.ts';
import { createServices, type Services } from '../services.ts';
import { memberSocket, wsUrl, type TestSocket } from './testClient.ts';

export async function node(prefix: string): Promise<{ s: Services; app: FastifyInstance; url: string }> {
  const handle = connect(':memory:');
  await migrate(handle);
  await seed(handle.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: ':memory:', LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL });
  const s = await createServices(config, handle, { rateLimitPrefix: prefix, busPrefix: prefix });
  const app = await buildApp(s, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { s, app, url: wsUrl((app.server.address() as { port: number }).port) };
}

/** The node's demo member (each node here has its own database) logged in on a socket of that node. */
export async function demoOn(n: Awaited<ReturnType<typeof node>>): Promise<{ userId: string; socket: TestSocket }> {
  const db = n.s.handle.db;
  await seedDemoMember(db, async () => 'not used: this member logs in by session');
  const { id } = await db
    .selectFrom('members')
    .select('id')
    .where('site_code', '=', DEMO_MEMBER.siteCode)
    .where('name_lower', '=', DEMO_MEMBER.name)
    .executeTakeFirstOrThrow();
  const token = await n.s.sessions.create(db, { memberId: id, siteCode: DEMO_MEMBER.siteCode, uuid: 'multi-node', ip: '127.0.0.1' });
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(id)
    .setAudience('chat')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(n.s.config.jwtSecret));
  return { userId: id, socket: await memberSocket(n.url, token, jwt) };
}
