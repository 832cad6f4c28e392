/**
 * bench:tables' windows and figures (bench/tables.mjs): which round gets which half of the load (tableBet or the
 * bare insert route), the bets' random spots, and the summary rows from what the players and sockets saw.
 */
import { log } from './lib.mjs';
import { quantile } from './tablePlayers.mjs';

const MAIN_CHIPS = [10, 20, 50, 100, 200, 500];
const SIDE_CHIPS = [10, 20, 50];
const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const ms = (x) => `${Math.round(x)} ms`;

/** One tableBet: a main spot (banker or player) or a tie, sometimes a pair beside it. */
export function randomSpots() {
  const spots = [{ type: Math.random() < 0.9 ? pick(['banker', 'player']) : 'tie', amount: String(pick(MAIN_CHIPS)) }];
  if (Math.random() < 0.3) spots.push({ type: pick(['playerPair', 'bankerPair']), amount: String(pick(SIDE_CHIPS)) });
  return spots;
}

/**
 * The windows: each player acts on its own socket's push of a new round. The first player to see a round that
 * opened after `arm()` (at least 80% of its window left) gives it the next phase of the plan; later rounds, or a round
 * caught late, get none.
 */
export function windows(plan, windowMs, onMeasured) {
  const phases = [];
  const planned = new Map();
  let armedAt = Infinity;
  let finished;
  const done = new Promise((r) => (finished = r));
  return {
    phases,
    done,
    arm: () => (armedAt = Date.now()),
    phaseOf(state) {
      if (planned.has(state.seq)) return planned.get(state.seq);
      if (state.status !== 'betting') return null;
      // Only a round that opened after the windows began, seen while most of its window is left, gets a phase.
      const left = state.closesAt - state.serverNow;
      const mode = state.opensAt >= armedAt && left >= 0.8 * windowMs ? plan.shift() : undefined;
      const phase = mode
        ? {
            seq: state.seq,
            mode,
            opensAt: state.opensAt,
            closesAt: state.closesAt,
            first: Infinity,
            answered: 0,
            cpu0: null,
            cpu1: null,
            last: 0,
            lastOk: 0,
            sent: 0,
            ok: 0,
            lat: [],
            refused: new Map(),
          }
        : null;
      planned.set(state.seq, phase);
      if (phase) {
        if (mode !== 'warm' && !phases.some((p) => p.mode !== 'warm')) onMeasured();
        phases.push(phase);
        const what = { warm: 'tableBet (warm-up, not counted)', bet: 'tableBet', bare: 'bare insert' }[mode];
        log(`window ${phases.length}: round ${state.seq}, ${what} from every player`);
        if (plan.length === 0) setTimeout(() => finished(), state.closesAt - Date.now() + 500);
      }
      return phase;
    },
  };
}

export function reportRows(E, cfg, { phases, settle, pushes, stored, verify, sockets }) {
  const { PLAYERS, WINDOW_MS, SPREAD, SPEED, CHANNEL, TABLE, TARGET_RATIO, TARGET_SETTLE_MS } = cfg;
  const rows = [];
  const row = (name, value, target, pass, note = '') => rows.push({ name, value, target, pass, note });
  const of = (mode) => phases.filter((p) => p.mode === mode);
  // Accepted answers per second of the window's span: its first request sent → its last accepted answer.
  const span = (p) => p.lastOk - p.first;
  const perS = (p) => (p.ok * 1000) / span(p);
  const rate = (ps) => ps.reduce((a, p) => a + p.ok, 0) / (ps.reduce((a, p) => a + span(p), 0) / 1000);
  const lat = (ps) => ps.flatMap((p) => p.lat).sort((a, b) => a - b);
  const bets = of('bet');
  const bares = of('bare');
  for (const p of phases) {
    log(
      `round ${p.seq} (${p.mode}): ${p.ok}/${p.sent} ok in ${span(p)} ms = ${perS(p).toFixed(0)}/s, ` +
        `p99 ${ms(
          quantile(
            [...p.lat].sort((a, b) => a - b),
            0.99,
          ),
        )}; last answer ${p.last - p.closesAt} ms after the close`,
    );
    if (p.cpu1)
      log(
        `  CPU during the window: server ${(((p.cpu1.server - p.cpu0.server) * 1000) / PLAYERS).toFixed(0)} µs/request ` +
          `(${(p.cpu1.server - p.cpu0.server).toFixed(0)} ms), players' process ${(p.cpu1.players - p.cpu0.players).toFixed(0)} ms`,
      );
    for (const [why, n] of p.refused) log(`  refused ×${n}: ${why}`);
  }
  const betRate = rate(bets);
  const bareRate = rate(bares);
  const sent = bets.reduce((a, p) => a + p.sent, 0);
  const accepted = bets.reduce((a, p) => a + p.ok, 0);
  const offered = (PLAYERS / (SPREAD * WINDOW_MS)) * 1000;
  row(
    `${E}: players (sockets)`,
    String(sockets),
    '',
    null,
    `members with money in ${CHANNEL}, each socket logged in and subscribed to ${TABLE}`,
  );
  row(
    `${E}: window`,
    ms(WINDOW_MS),
    '',
    null,
    `TABLE_SPEED=${SPEED}; each player's request at a random moment in the first ${SPREAD * 100}% (${offered.toFixed(0)} req/s offered)`,
  );
  row(
    `${E}: bets accepted`,
    `${accepted}/${sent}`,
    '',
    null,
    `${bets.length} rounds; stored: ${stored.map((s) => `${s.n} ${s.status}`).join(', ')}`,
  );
  row(
    `${E}: bets accepted/s in windows`,
    betRate.toFixed(0),
    '',
    null,
    `p50 ${ms(quantile(lat(bets), 0.5))}, p99 ${ms(quantile(lat(bets), 0.99))}`,
  );
  row(
    `${E}: bare insert req/s, same load`,
    bareRate.toFixed(0),
    '',
    null,
    `p50 ${ms(quantile(lat(bares), 0.5))}, p99 ${ms(quantile(lat(bares), 0.99))}` +
      // Near the offered rate, the schedule, not the server, bounded the bare route: the ratio then flatters the bets.
      (bareRate >= 0.9 * offered ? `; ≈ the offered ${offered.toFixed(0)} req/s: bounded by the schedule (flag --spread)` : ''),
  );
  const cpuPer = (ps) => {
    const done = ps.filter((p) => p.cpu1);
    return (done.reduce((a, p) => a + p.cpu1.server - p.cpu0.server, 0) * 1000) / (done.length * PLAYERS);
  };
  row(
    `${E}: server CPU per request`,
    `${cpuPer(bets).toFixed(0)} / ${cpuPer(bares).toFixed(0)} µs`,
    '',
    null,
    'tableBet / bare insert, over each window (first request → last answer; settlement and pushes in it)',
  );
  const ratio = betRate / bareRate;
  const pairs = bets.map((p, i) => (bares[i] ? (perS(p) / perS(bares[i])).toFixed(2) : '-'));
  row(
    `${E}: bets ÷ bare insert`,
    ratio.toFixed(2),
    `≥ ${TARGET_RATIO}`,
    ratio >= TARGET_RATIO && accepted === sent,
    `each window pair: ${pairs.join(' ')}`,
  );
  const settleMs = settle.map((s) => s.seenAt - s.drawnAt).sort((a, b) => a - b);
  row(
    `${E}: outcome → last bet settled p99`,
    ms(quantile(settleMs, 0.99)),
    `< ${TARGET_SETTLE_MS} ms`,
    settleMs.length === bets.length && quantile(settleMs, 0.99) < TARGET_SETTLE_MS,
    `p50 ${ms(quantile(settleMs, 0.5))} over ${settleMs.length} rounds: ${settle.map((s) => `${s.seenAt - s.drawnAt} (start +${s.startedAt - s.drawnAt})`).join(', ')} ms; drawn_at → seen settled, 20 ms poll`,
  );
  // The pushes of the measured rounds (from the first counted window to the last): each version to every socket.
  const measured = phases.filter((p) => p.mode !== 'warm').map((p) => p.seq);
  const [firstSeq, lastSeq] = [Math.min(...measured), Math.max(...measured)];
  const list = pushes.list.filter(([v]) => Math.floor(v / 100) >= firstSeq && Math.floor(v / 100) <= lastSeq);
  const all = list.map((p) => p[1]).sort((a, b) => a - b);
  const steps = list
    .filter((p) => p[2])
    .map((p) => p[1])
    .sort((a, b) => a - b);
  const outOfOrder = list.filter((p) => p[3]).length;
  const perVersion = new Map();
  for (const [v] of list) perVersion.set(v, (perVersion.get(v) ?? 0) + 1);
  const missed = [...perVersion.values()].reduce((a, n) => a + (sockets - n), 0);
  row(
    `${E}: push latency p99 (all)`,
    ms(quantile(all, 0.99)),
    '',
    null,
    `p50 ${ms(quantile(all, 0.5))}, max ${ms(all.at(-1))}; ${all.length} pushes of rounds ${firstSeq}–${lastSeq} (${perVersion.size} versions) to ${sockets} sockets`,
  );
  row(
    `${E}: step push latency p99`,
    ms(quantile(steps, 0.99)),
    '',
    null,
    `p50 ${ms(quantile(steps, 0.5))}; ${steps.length} reveal-step pushes`,
  );
  row(
    `${E}: every push delivered, in order`,
    missed === 0 && outOfOrder === 0 ? 'yes' : 'NO',
    'yes',
    missed === 0 && outOfOrder === 0,
    `missed ${missed}, out of order ${outOfOrder}, socket closes ${JSON.stringify(Object.fromEntries(pushes.closes))}`,
  );
  row(`${E}: ledger:verify`, verify.ok ? 'clean' : 'BROKEN', 'clean', verify.ok);
  return rows;
}
