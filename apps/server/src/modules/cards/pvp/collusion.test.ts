/** The PvP collusion signals' thresholds on made-up hands (issue 31): often together, chip dumping, shared device / address. */
import { describe, expect, it } from 'vitest';
import { DUMP_P, pairSignals, tailHalf, type SignalEntry } from './collusion.ts';

/** A hand: the landlord and two farmers; `landlordWins` moves 2 units to or from the landlord. */
function hand(id: string, landlord: string, farmers: [string, string], landlordWins: boolean, o: Partial<SignalEntry> = {}): SignalEntry[] {
  const u = 100;
  const s = landlordWins ? 1 : -1;
  return [
    { handId: id, memberId: landlord, gross: 2 * u * s, ip: `ip-${landlord}`, device: `d-${landlord}`, ...o },
    { handId: id, memberId: farmers[0], gross: -u * s, ip: `ip-${farmers[0]}`, device: `d-${farmers[0]}`, ...o },
    { handId: id, memberId: farmers[1], gross: -u * s, ip: `ip-${farmers[1]}`, device: `d-${farmers[1]}` },
  ];
}

describe('PvP collusion signals', () => {
  it('the binomial tail', () => {
    expect(tailHalf(4, 0)).toBe(1);
    expect(tailHalf(4, 4)).toBe(1 / 16);
    expect(tailHalf(10, 10)).toBeLessThan(DUMP_P);
    expect(tailHalf(10, 5)).toBeGreaterThan(0.5);
  });

  it('chip dumping: A loses to B as landlord and as farmer far beyond chance; C is merely seated', () => {
    const entries: SignalEntry[] = [];
    for (let i = 0; i < 8; i++) {
      // B is the landlord and wins against A and C, or A is the landlord and loses.
      if (i % 2 === 0) entries.push(...hand(`h${i}`, 'B', ['A', `C${i}`], true));
      else entries.push(...hand(`h${i}`, 'A', ['B', `C${i}`], false));
    }
    const [top] = pairSignals('A', entries);
    expect(top).toMatchObject({ partnerId: 'B', hands: 8, opposite: 8, lostTo: 8 });
    expect(top!.flowFen).toBe(4 * 100 + 4 * 100);
    expect(top!.signals).toEqual(['often_together', 'chip_dumping']);
    const others = pairSignals('A', entries).filter((s) => s.partnerId !== 'B');
    expect(others.every((s) => s.signals.length === 0)).toBe(true);
  });

  it('a fair record (half lost) is no chip dumping; a shared device and address are flagged', () => {
    const entries: SignalEntry[] = [];
    for (let i = 0; i < 8; i++)
      entries.push(...hand(`h${i}`, 'B', ['A', `C${i}`], i % 2 === 0, i === 3 ? { ip: 'same', device: 'same' } : {}));
    const b = pairSignals('A', entries).find((s) => s.partnerId === 'B')!;
    expect(b.lostTo).toBe(4);
    expect(b.signals).toEqual(['often_together', 'shared_device', 'shared_ip']);
  });
});
