import { describe, expect, it } from 'vitest';
import { bus } from './events.ts';

describe('event bus', () => {
  it('delivers payloads to listeners until they unsubscribe', () => {
    const seen: number[] = [];
    const off = bus.on('switch_auth_way', ({ way }) => seen.push(way));
    bus.emit('switch_auth_way', { way: 2 });
    off();
    bus.emit('switch_auth_way', { way: 3 });
    expect(seen).toEqual([2]);
  });
});
