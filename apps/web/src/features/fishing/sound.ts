/** Tiny synthesized sounds (no audio files): a shot's pop and a catch's chime; off unless the player turns them on. */
let ctx: AudioContext | null = null;

export function tone(kind: 'shot' | 'catch'): void {
  try {
    ctx ??= new AudioContext();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = kind === 'shot' ? 'square' : 'triangle';
    o.frequency.value = kind === 'shot' ? 220 : 880;
    g.gain.setValueAtTime(0.05, ctx.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + (kind === 'shot' ? 0.08 : 0.35));
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.4);
  } catch {
    // No audio on this device: silence.
  }
}
