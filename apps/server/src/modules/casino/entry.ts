/**
 * Entering a venue (spec §4, §7 Game): game/api/v1/launch and game/api/v1/resource for every venue, routed by
 * the venue row's adapter — the house sportsbook (modules/sport), the house slots (slots.ts), a third-party
 * aggregator on the seamless wallet (`seamless:<id>`: an aggregator's url), anything else closed (6415).
 * Auto-transfer (the member's switch) moves the central balance into a transfer-wallet venue on launch.
 */
import type { Eligibility } from '../compliance/eligibility.ts';
import { LIMITS, StatusCode, type Locale, type ResourceAnswer, type ResourceMethod } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { z } from 'zod';
import type { resourceRequest } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { HOUSE_SPORTSBOOK } from '../../venues/sportsbook/venue.ts';
import type { SeamlessService } from '../seamless/service.ts';
import { isSportInput, type SportService } from '../sport/service.ts';
import type { MemberCaller } from '../user/caller.ts';
import { prefsRepository, venueRepository } from '../wallet/repository.ts';
import type { WalletService } from '../wallet/service.ts';
import { failVenueMaintenance } from './maintenance.ts';
import { HOUSE_CASINO_ADAPTER } from './seed.ts';
import type { CatalogueService } from './service.ts';
import { isSlotInput, type SlotService } from './slots.ts';
import { TABLE_VENUES } from '../tables/config.ts';
import { isTableInput, type TableService } from '../tables/service.ts';
import { FISHING_VENUE } from '../fishing/config.ts';
import { fishingLaunch } from '../fishing/launch.ts';

type ResourceInput = z.output<typeof resourceRequest>;
const SEAMLESS = 'seamless:';

export class GameEntry {
  constructor(
    private readonly db: Db,
    private readonly wallet: WalletService,
    private readonly catalogue: CatalogueService,
    private readonly sport: SportService,
    private readonly slots: SlotService,
    private readonly seamless: SeamlessService,
    private readonly eligibility: Pick<Eligibility, 'check'>,
    private readonly tables: TableService,
  ) {}

  /** The venue by launch name, open (else 6004 / 6415 with the operator's maintenance message, if any). */
  private async venue(enName: string, locale: Locale): Promise<VenueTable> {
    const v = await venueRepository.current(this.db, enName.toUpperCase());
    if (!v) fail(StatusCode.NOT_FOUND);
    if (v.status !== 'active') await failVenueMaintenance(this.db, v.channel_code, locale);
    return v;
  }

  async launch(ctx: MemberCaller, input: { enName: string; gameCode: string }) {
    const v = await this.venue(input.enName, ctx.locale);
    await this.eligibility.check(ctx, 'launch');
    if (v.adapter.startsWith(SEAMLESS)) {
      const game = await this.catalogue.playable(ctx.site.siteCode, input.gameCode);
      if (game.channel_code !== v.channel_code) fail(StatusCode.NOT_FOUND, { key: 'GAME_NOT_FOUND' });
      const url = await this.seamless.launchUrl(
        ctx.member.id,
        ctx.site.siteCode,
        v.adapter.slice(SEAMLESS.length),
        input.gameCode,
        ctx.locale,
      );
      return { url, data: null };
    }
    if (v.adapter !== HOUSE_SPORTSBOOK && v.adapter !== HOUSE_CASINO_ADAPTER)
      fail(StatusCode.VENUE_UNDER_MAINTENANCE, { key: 'VENUE_MAINTENANCE' });
    if (input.gameCode !== LIMITS.VENUE_LOBBY_GAME_CODE) await this.autoTransfer(ctx, v);
    if (v.adapter === HOUSE_SPORTSBOOK) return this.sport.launch(ctx, input);
    if (v.channel_code === FISHING_VENUE) return fishingLaunch(this.catalogue, ctx, v, input.gameCode);
    return TABLE_VENUES.includes(v.channel_code) ? this.tables.launch(ctx, v, input.gameCode) : this.slots.launch(ctx, v, input.gameCode);
  }

  async resource(ctx: MemberCaller, input: ResourceInput): Promise<ResourceAnswer<ResourceMethod>> {
    const v = await this.venue(input.enName, ctx.locale);
    if (v.adapter === HOUSE_SPORTSBOOK) {
      // The sportsbook answers its own methods and balance; a slot's or a table's is a wrong parameter.
      if (!isSportInput(input)) fail(StatusCode.INVALID_PARAMETER);
      return this.sport.resource(ctx, input);
    }
    if (v.adapter === HOUSE_CASINO_ADAPTER && TABLE_VENUES.includes(v.channel_code)) {
      if (isTableInput(input)) return this.tables.resource(ctx, v, input);
      return isSlotInput(input) && input.method === 'balance' ? this.slots.resource(ctx, v, input) : fail(StatusCode.INVALID_PARAMETER);
    }
    if (v.adapter === HOUSE_CASINO_ADAPTER)
      return isSlotInput(input) ? this.slots.resource(ctx, v, input) : fail(StatusCode.INVALID_PARAMETER);
    fail(StatusCode.VENUE_UNDER_MAINTENANCE, { key: 'VENUE_MAINTENANCE' });
  }

  /** Auto-transfer: the whole central balance follows the player into the venue (keyed by the request's key: a retried launch moves money once). */
  private async autoTransfer(ctx: MemberCaller, v: VenueTable): Promise<void> {
    if (!(await prefsRepository.autoTransfer(this.db, ctx.member.id))) return;
    const { central } = await this.wallet.balances(ctx.member.id);
    if (central <= 0) return;
    await this.wallet
      .transfer(ctx, { channelCode: v.channel_code, amount: yuan(central), ty: 1 }, `launch.${ctx.requestKey}`.slice(0, 100))
      .catch(() => undefined); // a refused or pending transfer does not stop the launch: the wallet page shows it
  }
}
