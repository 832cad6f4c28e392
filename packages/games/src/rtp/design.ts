/**
 * Design tool for titles: `npx tsx packages/games/src/rtp/design.ts packages/games/src/rtp/plans/h5001.json [--no-tune]` lays out strips from counts,
 * tunes them to the declared RTP and prints them as data. Not part of the run-time package.
 */
import { readFileSync } from 'node:fs';
import { fairRng } from '../rng/fair.ts';
import { exactRtp } from '../slots/rtp.ts';
import { arrangeStrip, tuneReels } from '../slots/tune.ts';
import { TITLES } from '../slots/titles/index.ts';
import type { SlotDef } from '../slots/types.ts';

interface Plan {
  code: string;
  counts: Record<string, number>[];
  seed: string;
  tune?: boolean;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Plan;
const def = TITLES.find((t) => t.code === plan.code)!;
const rng = fairRng({ serverSeed: plan.seed, clientSeed: 'design', nonce: 0 });
const scatterId = def.symbols.find((s) => s.kind === 'scatter')!.id;
let designed: SlotDef = { ...def, reels: plan.counts.map((counts) => arrangeStrip(counts, rng, scatterId)) };
const started = performance.now();
const before = exactRtp(designed);
console.log(
  'scan ms',
  (performance.now() - started).toFixed(0),
  'rtp',
  before.totalRtp,
  'base',
  before.baseRtp,
  'fs',
  before.freeSpinRtp,
  'sd',
  before.volatility,
  'hit',
  before.hitFrequency,
);
if (plan.tune && process.argv[3] !== '--no-tune') designed = tuneReels(designed, def.declaredRtpPct / 100, rng);
const after = exactRtp(designed);
console.log('tuned rtp', after.totalRtp, 'sd', after.volatility, 'hit', after.hitFrequency, 'feature', after.featureFrequency);
console.log(designed.reels.map((s) => `    strip('${s.join(' ')}'),`).join('\n'));
