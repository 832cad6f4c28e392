import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/connect.ts';
import { HouseVenue } from './venue.ts';

describe('venue tokens', () => {
  const venue = () => new HouseVenue(null as unknown as Db, 'k'.repeat(32));

  it('a token verifies for its member, site and venue only — also once this process has verified it', () => {
    const v = venue();
    const now = Date.now();
    const { token, expiresAt } = v.issueToken('m1', 7000, 'CRTY', now);
    for (let i = 0; i < 2; i++) {
      expect(v.checkToken(token, 'm1', 7000, 'CRTY', now)).toBe(true);
      expect(v.checkToken(token, 'm2', 7000, 'CRTY', now)).toBe(false);
      expect(v.checkToken(token, 'm1', 7001, 'CRTY', now)).toBe(false);
      expect(v.checkToken(token, 'm1', 7000, 'SBZR', now)).toBe(false);
    }
    expect(v.checkToken(`${expiresAt}.forged`, 'm1', 7000, 'CRTY', now)).toBe(false);
    expect(v.checkToken(`${expiresAt + 1}.${token.split('.')[1]}`, 'm1', 7000, 'CRTY', now)).toBe(false);
    // Another key never accepts it.
    expect(new HouseVenue(null as unknown as Db, 'x'.repeat(32)).checkToken(token, 'm1', 7000, 'CRTY', now)).toBe(false);
  });

  it('an expired token is refused, whether or not it was verified before', () => {
    const v = venue();
    const now = Date.now();
    const { token, expiresAt } = v.issueToken('m1', 7000, 'CRTY', now);
    expect(v.checkToken(token, 'm1', 7000, 'CRTY', now)).toBe(true);
    expect(v.checkToken(token, 'm1', 7000, 'CRTY', expiresAt)).toBe(true);
    expect(v.checkToken(token, 'm1', 7000, 'CRTY', expiresAt + 1)).toBe(false);
    expect(venue().checkToken(token, 'm1', 7000, 'CRTY', expiresAt + 1)).toBe(false);
  });
});
