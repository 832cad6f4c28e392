/**
 * Member pushes on the realtime hub: "your unread counts changed" to the sockets logged in as a member
 * (a letter reached them, an operator replied to their feedback), so the header badge updates at once
 * instead of at the next poll.
 *
 * The change is published on the shared bus topic `member` (Redis when configured: the member's socket
 * may be on any node) as `{memberIds, kind}`; every node looks the ids up among its own member sockets.
 * The frame a client receives names nothing but the kind, and goes only to sockets whose login proved
 * that member (session token + jwt), never to a guest or another member. Delivery is at most once
 * (Redis pub/sub): the web client also reloads the counts after each (re)login and keeps polling.
 */
import { MSG, memberUnreadKind, memberWalletPush, type MemberUnreadKind, type MemberWalletPush } from '@portal/contract';
import { z } from 'zod';
import type { Bus } from './bus.ts';
import type { Connection } from './connection.ts';

export const MEMBER_TOPIC = 'member';
/** Member ids per bus message: a broadcast letter to a whole brand goes out in bounded messages (~40 KB each). */
export const MEMBER_IDS_PER_MESSAGE = 1000;

/** Wallet changes (a settled round's result and the new balance) go on their own topic, a bounded list per message. */
export const WALLET_TOPIC = 'member.wallet';
export const WALLET_PUSHES_PER_MESSAGE = 200;
const walletPushes = z.object({
  pushes: z
    .array(z.object({ memberId: z.string().min(1).max(64), push: memberWalletPush }))
    .min(1)
    .max(WALLET_PUSHES_PER_MESSAGE),
});

/** Publishes wallet changes to every node (in chunks): each goes to the named member's sockets only. */
export async function publishWallets(bus: Bus, pushes: readonly { memberId: string; push: MemberWalletPush }[]): Promise<void> {
  for (let i = 0; i < pushes.length; i += WALLET_PUSHES_PER_MESSAGE) {
    await bus.publish(WALLET_TOPIC, JSON.stringify({ pushes: pushes.slice(i, i + WALLET_PUSHES_PER_MESSAGE) }));
  }
}

const memberPush = z.object({ memberIds: z.array(z.string().min(1).max(64)).min(1).max(MEMBER_IDS_PER_MESSAGE), kind: memberUnreadKind });

/** Publishes an unread change for these members to every node (in chunks of MEMBER_IDS_PER_MESSAGE). */
export async function publishUnread(bus: Bus, memberIds: readonly string[], kind: MemberUnreadKind): Promise<void> {
  for (let i = 0; i < memberIds.length; i += MEMBER_IDS_PER_MESSAGE) {
    await bus.publish(MEMBER_TOPIC, JSON.stringify({ memberIds: memberIds.slice(i, i + MEMBER_IDS_PER_MESSAGE), kind }));
  }
}

/** This node's sockets per logged-in member (a member may have several tabs, on several nodes). */
export class MemberSockets {
  private readonly byMember = new Map<string, Set<Connection>>();

  add(userId: string, c: Connection): void {
    const set = this.byMember.get(userId) ?? new Set<Connection>();
    set.add(c);
    this.byMember.set(userId, set);
  }

  /** Whether the member has a socket on this node (PvP tables: an absent seat is auto-played). */
  has(userId: string): boolean {
    return this.byMember.has(userId);
  }

  /** Sends a message to this node's sockets of the member; answers how many got it. */
  sendTo(userId: string, m: { msgId: number; msgData: unknown }): number {
    const sockets = this.byMember.get(userId);
    if (!sockets) return 0;
    const frame = JSON.stringify(m);
    let sent = 0;
    for (const c of sockets) if (c.identity?.kind === 'member' && c.identity.userId === userId && c.send(frame)) sent += 1;
    return sent;
  }

  remove(userId: string, c: Connection): void {
    const set = this.byMember.get(userId);
    if (!set?.delete(c)) return;
    if (set.size === 0) this.byMember.delete(userId);
  }

  /** Wallet pushes from the bus: each to this node's sockets of its member; answers how many frames went out. */
  deliverWallets(json: string, onMalformed: (issues: unknown) => void): number {
    let parsed: z.infer<typeof walletPushes>;
    try {
      const r = walletPushes.safeParse(JSON.parse(json));
      if (!r.success) {
        onMalformed(r.error.issues.slice(0, 3));
        return 0;
      }
      parsed = r.data;
    } catch {
      return 0;
    }
    let sent = 0;
    for (const { memberId, push } of parsed.pushes) {
      const sockets = this.byMember.get(memberId);
      if (!sockets) continue;
      const frame = JSON.stringify({ msgId: MSG.MEMBER_WALLET, msgData: push });
      for (const c of sockets) if (c.identity?.kind === 'member' && c.identity.userId === memberId && c.send(frame)) sent += 1;
    }
    return sent;
  }

  /** A push from the bus: sent to this node's sockets of the named members; answers how many got it. */
  deliver(json: string, onMalformed: (issues: unknown) => void): number {
    let push: z.infer<typeof memberPush>;
    try {
      const parsed = memberPush.safeParse(JSON.parse(json));
      if (!parsed.success) {
        onMalformed(parsed.error.issues.slice(0, 3));
        return 0;
      }
      push = parsed.data;
    } catch {
      return 0;
    }
    const frame = JSON.stringify({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: push.kind } });
    let sent = 0;
    for (const id of new Set(push.memberIds)) {
      for (const c of this.byMember.get(id) ?? []) {
        // The index follows logins and closes; the identity check keeps a stale entry from ever misdirecting a push.
        if (c.identity?.kind === 'member' && c.identity.userId === id && c.send(frame)) sent += 1;
      }
    }
    return sent;
  }
}
