import type { Config } from '../config.ts';
import { type DevOutbox } from './outbox.ts';

export type Channel = 'sms' | 'voice' | 'email';

export interface OutgoingMessage {
  siteCode: number;
  channel: Channel;
  to: string;
  text: string;
  codeId: string;
  code: string;
}

/** An SMS / voice / e-mail gateway. A live implementation posts to the operator's provider. */
export interface MessageSender {
  send(msg: OutgoingMessage): Promise<void>;
}

export class ProviderError extends Error {}

/**
 * Sandbox gateway: behaves like a real one (a network delay, and a configurable failure rate) and
 * records each message in the dev outbox instead of delivering it.
 */
export class SandboxSender implements MessageSender {
  constructor(
    private readonly outbox: DevOutbox,
    private readonly opts: { failRate: number; delayMs: number },
  ) {}

  async send(msg: OutgoingMessage): Promise<void> {
    const delay = Math.round(this.opts.delayMs * (0.5 + Math.random()));
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (this.opts.failRate > 0 && Math.random() < this.opts.failRate) {
      throw new ProviderError(`sandbox ${msg.channel} gateway refused the message`);
    }
    await this.outbox.record(msg.siteCode, { kind: msg.channel, to: msg.to, codeId: msg.codeId, code: msg.code, text: msg.text });
  }
}

/** Live providers are configured per operator; none is bundled (spec posture: generic channels only). */
export class UnconfiguredLiveSender implements MessageSender {
  async send(): Promise<void> {
    throw new ProviderError('no live message provider is configured (set PROVIDERS=sandbox outside production)');
  }
}

export function createSender(config: Config, outbox: DevOutbox): MessageSender {
  if (config.providers === 'sandbox') {
    if (config.production) throw new Error('sandbox providers are refused in production');
    return new SandboxSender(outbox, { failRate: config.sandboxFailRate, delayMs: config.sandboxDelayMs });
  }
  return new UnconfiguredLiveSender();
}
