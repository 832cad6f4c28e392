import { LIMITS, StatusCode } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { AppError } from '../../lib/errors.ts';
import { siteRepository, type SiteRow } from './repository.ts';

/**
 * Brands of this deployment, cached in memory (a handful of rows read on every request) and refreshed
 * periodically so an operator's change reaches every node without a restart.
 */
export class SiteService {
  private byCode = new Map<number, SiteRow>();
  private byHost = new Map<string, SiteRow>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const sites = await siteRepository.all(this.db);
    const byCode = new Map<number, SiteRow>();
    const byHost = new Map<string, SiteRow>();
    for (const s of sites) {
      byCode.set(s.siteCode, s);
      for (const d of s.domains) byHost.set(d, s);
    }
    this.byCode = byCode;
    this.byHost = byHost;
  }

  startRefresh(everyMs = 30_000): void {
    this.timer = setInterval(() => void this.load().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The x-site-id header wins; else the Host's brand; else the default site 7000. */
  resolve(siteIdHeader: string | undefined, host: string | undefined): SiteRow {
    if (siteIdHeader !== undefined && siteIdHeader !== '') {
      const code = /^\d{1,9}$/.test(siteIdHeader) ? Number(siteIdHeader) : NaN;
      const site = this.byCode.get(code);
      if (!site) throw new AppError(StatusCode.ILLEGAL_PARAMETER, { key: 'UNKNOWN_SITE' });
      return site;
    }
    const hostName = host?.split(':')[0]?.toLowerCase();
    const byHost = hostName ? this.byHost.get(hostName) : undefined;
    const site = byHost ?? this.byCode.get(LIMITS.DEFAULT_SITE_CODE) ?? this.byCode.values().next().value;
    if (!site) throw new AppError(StatusCode.MAINTENANCE);
    return site;
  }

  get(code: number): SiteRow | undefined {
    return this.byCode.get(code);
  }

  /** Every brand of the deployment, by code. */
  all(): SiteRow[] {
    return [...this.byCode.values()].sort((a, b) => a.siteCode - b.siteCode);
  }
}
