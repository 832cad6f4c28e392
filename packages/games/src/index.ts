/**
 * @portal/games — pure game math, no I/O: random numbers (CSPRNG and provably fair HMAC-SHA256), slot titles as
 * data, spin evaluation, exact RTP by enumeration, and round verification. Shared by the server, the web and the
 * RTP harness. Node-only extras live in `@portal/games/node`.
 */
export * from './rng/rng.ts';
export * from './rng/crypto.ts';
export * from './rng/sha256.ts';
export * from './rng/fair.ts';
export * from './rng/seeded.ts';
export * from './rng/stats.ts';
export * from './slots/types.ts';
export * from './slots/compile.ts';
export * from './slots/spin.ts';
export * from './slots/scan.ts';
export * from './slots/rtp.ts';
export * from './slots/volatility.ts';
export * from './slots/jackpot.ts';
export * from './slots/catalogue.ts';
export * from './slots/verify.ts';
export * from './slots/titles/index.ts';
export * from './rtp/simulate.ts';
export * from './tables/cards.ts';
export * from './tables/baccarat.ts';
export * from './tables/baccaratRtp.ts';
export * from './tables/roads.ts';
export * from './tables/paytable.ts';
export * from './tables/dice.ts';
export * from './tables/roulette.ts';
export * from './tables/dragonTiger.ts';
export * from './tables/lottery.ts';
export * from './tables/rounds.ts';
export * from './tables/goodRoads.ts';
export * from './bigWin.ts';
export * from './slots/reach.ts';
export * from './slots/figures.ts';
export * from './figures.ts';
export * from './tables/seedChain.ts';
export * from './tables/stakeUnit.ts';
export * from './tables/shoe.ts';
export * from './tables/handFromShoe.ts';
export * from './cards/niuniu.ts';
export * from './cards/pai28.ts';
export * from './cards/sangong.ts';
export * from './cards/games.ts';
export * from './cards/doudizhu.ts';
export * from './fishing/kinds.ts';
export * from './fishing/ocean.ts';
export * from './fishing/kill.ts';
export * from './fishing/rtp.ts';
