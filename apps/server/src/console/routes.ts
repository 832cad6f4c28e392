/**
 * Every route of the console's API (issue 17), one list per area; `app.ts` registers them through the console
 * pipeline. An area adds its routes here.
 */
import type { Services } from '../services.ts';
import type { ConsoleDeps, ConsoleRoute } from './pipeline.ts';
import { StaffAuth } from './staffAuth.ts';
import { StaffRepository } from './staffRepository.ts';
import { staffRoutes } from './staffRoutes.ts';
import { membersRoutes } from './membersRoutes.ts';
import { contentRoutes } from './contentRoutes.ts';
import { promotionsRoutes } from './promotionsRoutes.ts';
import { gamesRoutes } from './gamesRoutes.ts';
import { sportRoutes } from './sportRoutes.ts';
import { complianceRoutes } from './complianceRoutes.ts';
import { financeRoutes } from './financeRoutes.ts';
import { reportsRoutes } from './reportsRoutes.ts';

export function consoleDepsOf(s: Services): ConsoleDeps {
  return { db: s.handle.db, sites: s.sites, auth: new StaffAuth(new StaffRepository(s.handle.db), s.config.passwordPepper) };
}

export function consoleRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  return [
    ...staffRoutes(d),
    ...financeRoutes(s, d),
    ...membersRoutes(s, d),
    ...contentRoutes(s, d),
    ...promotionsRoutes(s),
    ...gamesRoutes(s),
    ...sportRoutes(s),
    ...complianceRoutes(s),
    ...reportsRoutes(s, d),
  ];
}
