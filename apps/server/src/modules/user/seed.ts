import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.ts';
import { seedDemoLetters } from '../messages/seed.ts';

/**
 * A demo member on brand 7000 for trying the portal by hand (never in production): demo01 / demo2026.
 * Created once; an existing account is left as it is.
 */
export const DEMO_MEMBER = { name: 'demo01', password: 'demo2026', siteCode: 7000 } as const;

export async function seedDemoMember(db: Db, hashMd5: (md5: string) => Promise<string>, now = Date.now()): Promise<boolean> {
  const exists = await db
    .selectFrom('members')
    .select('id')
    .where('site_code', '=', DEMO_MEMBER.siteCode)
    .where('name_lower', '=', DEMO_MEMBER.name)
    .executeTakeFirst();
  if (exists) return false;
  const md5 = createHash('md5').update(DEMO_MEMBER.password).digest('hex');
  const id = randomBytes(12).toString('base64url');
  await db
    .insertInto('members')
    .values({
      id,
      site_code: DEMO_MEMBER.siteCode,
      name: DEMO_MEMBER.name,
      name_lower: DEMO_MEMBER.name,
      password_hash: await hashMd5(md5),
      second_password_hash: null,
      phone: null,
      area_code: null,
      email: null,
      real_name: null,
      gender: null,
      birthday: null,
      profile_confirmed: 0,
      status: 'active',
      rcode: null,
      icode: null,
      register_ip: '127.0.0.1',
      register_domain: null,
      created_at: now,
      last_login_at: null,
      password_changed_at: now,
    })
    .execute();
  await seedDemoLetters(db, id, DEMO_MEMBER.siteCode, now);
  return true;
}
