/**
 * Content and the desk of the console: notices and the marquee, banners, letters,
 * zh-TW forms, member feedback, the customer-service conversations, brand settings and flags. Every change goes
 * through the module services the ops CLI uses (messages, feedback, support, uploads, site).
 */
import type { Services } from '../services.ts';
import { deskRoutes } from './content/desk.ts';
import { letterRoutes } from './content/letters.ts';
import { publishingRoutes } from './content/publishing.ts';
import { siteRoutes } from './content/site.ts';
import type { ConsoleDeps, ConsoleRoute } from './pipeline.ts';

export function contentRoutes(s: Services, d: ConsoleDeps): ConsoleRoute[] {
  return [...publishingRoutes(s, d), ...letterRoutes(s, d), ...deskRoutes(s, d), ...siteRoutes(s, d)];
}
