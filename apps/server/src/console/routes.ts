/**
 * Every route of the console's API, one list per area; `app.ts` registers them through the console
 * pipeline. An area adds its routes here.
 */
import type { Services } from '../services.ts';
import type { ConsoleDeps, ConsoleRoute } from './pipeline.ts';
import { recordAudit } from '../ops/audit.ts';
import { StaffAuth, type StaffAuthEvent } from './staffAuth.ts';
import { StaffRepository } from './staffRepository.ts';
import { staffRoutes } from './staffRoutes.ts';
import { membersRoutes } from './membersRoutes.ts';
import { grantsOf, grantsRoutes } from './grantsRoutes.ts';
import { contentRoutes } from './contentRoutes.ts';
import { promotionsRoutes } from './promotionsRoutes.ts';
import { gamesRoutes } from './gamesRoutes.ts';
import { sportRoutes } from './sportRoutes.ts';
import { complianceRoutes } from './complianceRoutes.ts';
import { financeRoutes } from './financeRoutes.ts';
import { reportsRoutes } from './reportsRoutes.ts';
import { liveRoutes } from './liveRoutes.ts';

export function consoleDepsOf(s: Services): ConsoleDeps {
  const db = s.handle.db;
  // Sign-ins, failures, lockouts, sign-outs and ended sessions are audited.
  const onEvent = (e: StaffAuthEvent) => recordAudit(db, { ...e, actorKind: 'staff', target: e.actor });
  return { db, sites: s.sites, auth: new StaffAuth(new StaffRepository(db), s.config.passwordPepper, Date.now, onEvent) };
}

export function consoleRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  const grants = grantsOf(s);
  return [
    ...staffRoutes(d),
    ...financeRoutes(s, d),
    ...membersRoutes(s, d, grants),
    ...grantsRoutes(s, d, grants),
    ...contentRoutes(s, d),
    ...promotionsRoutes(s, grants),
    ...gamesRoutes(s),
    ...sportRoutes(s),
    ...complianceRoutes(s),
    ...reportsRoutes(s, d),
    // Live rooms (issue 34)
    ...liveRoutes(s),
  ];
}
