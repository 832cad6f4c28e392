import { describe, expect, it } from 'vitest';
import { englishLeft } from '@portal/rules';
import { LEAGUES } from './catalog.ts';

describe('the sandbox feed’s names in a player’s view', () => {
  it('every Latin word of a league or club name is one the no-English rule knows (the walk test draws random fixtures)', () => {
    const names = LEAGUES.flatMap((l) => [l.name, ...l.teams]);
    expect(names.flatMap((n) => englishLeft(n).map((w) => `${w} in ${n}`))).toEqual([]);
  });
});
