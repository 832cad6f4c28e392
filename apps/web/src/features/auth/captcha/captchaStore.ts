/**
 * The captcha as a promise: requestCaptcha(ktype) opens the captcha dialog (slider first, switchable
 * to image) and resolves with the captcha result, or rejects with CaptchaCancelled when the member
 * closes it (spec §8 "closing or failing the captcha ends the wait state").
 */
import { create } from 'zustand';

/** ktype: 4 login, 1 register, 2 phone reset, 3 email reset (spec §7). */
export type Ktype = 1 | 2 | 3 | 4;

export interface CaptchaResult {
  /** 0 slider, 1 image */
  kaptchcate: 0 | 1;
  codeId: string;
  code: string;
}

export class CaptchaCancelled extends Error {
  override readonly name = 'CaptchaCancelled';
  constructor() {
    super('captcha closed');
  }
}

interface Pending {
  ktype: Ktype;
  resolve: (r: CaptchaResult) => void;
  reject: (e: Error) => void;
}

interface CaptchaState {
  pending: Pending | null;
  /** Which kind the dialog shows; slider first. */
  kind: 'slider' | 'image';
  setKind(kind: 'slider' | 'image'): void;
  finish(r: CaptchaResult): void;
  cancel(): void;
}

export const useCaptcha = create<CaptchaState>((set, get) => ({
  pending: null,
  kind: 'slider',
  setKind: (kind) => set({ kind }),
  finish(r) {
    const p = get().pending;
    set({ pending: null });
    p?.resolve(r);
  },
  cancel() {
    const p = get().pending;
    set({ pending: null });
    p?.reject(new CaptchaCancelled());
  },
}));

export function requestCaptcha(ktype: Ktype): Promise<CaptchaResult> {
  useCaptcha.getState().pending?.reject(new CaptchaCancelled()); // one captcha at a time
  return new Promise<CaptchaResult>((resolve, reject) => {
    useCaptcha.setState({ pending: { ktype, resolve, reject }, kind: 'slider' });
  });
}

export const isCaptchaCancelled = (e: unknown): e is CaptchaCancelled => e instanceof CaptchaCancelled;
