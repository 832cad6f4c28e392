/**
 * Registers the websocket route (WS_PATH, GET upgrade) on the app. The frame size limit is the ws
 * server's maxPayload: a bigger frame closes the socket with 1009 before it is buffered whole.
 * On app.close the hub says goodbye first (1001), then @fastify/websocket closes its server.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { WS_LIMITS, WS_PATH } from '@portal/contract';
import type { FeedGameType, OddsFeed } from '../providers/oddsFeed.ts';
import { registerBenchDriver } from './benchDriver.ts';
import type { Bus } from './bus.ts';
import type { RealtimeHub } from './hub.ts';

/** `bench`: the bench-only change driver (BENCH_BARE_ROUTE=1 outside production), copying an event of `feed`. */
export async function registerRealtime(
  app: FastifyInstance,
  hub: RealtimeHub,
  bench?: { bus: Bus; feed: () => OddsFeed | null },
): Promise<void> {
  hub.log = app.log;
  hub.start();
  // Added before the plugin so it runs before the plugin's own preClose (which closes without a code).
  app.addHook('preClose', async () => hub.close());
  await app.register(websocket, { options: { maxPayload: WS_LIMITS.MAX_MESSAGE_BYTES, perMessageDeflate: false } });
  app.get(WS_PATH, { websocket: true }, (socket, req) => hub.accept(socket, req.raw, req.ip));
  if (bench) {
    const pick = (gameType: FeedGameType) => {
      const f = bench.feed();
      return f
        ? (f.list({ gameType, showType: 'RB' }).events.find((e) => e.markets.length > 0) ??
            f.list({ gameType, showType: 'FU' }).events[0] ??
            null)
        : null;
    };
    registerBenchDriver(app, bench.bus, hub, pick);
  }
}
