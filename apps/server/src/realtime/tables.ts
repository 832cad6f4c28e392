/**
 * Shared tables on the realtime hub: the dealing node publishes each table's whole state on the bus
 * topic `tables` whenever its version grows; every node keeps the newest state per table (a joiner's catch-up)
 * and sends it to its sockets subscribed to that table, each version once, never an older one.
 */
import type { TableStateWire } from '@portal/contract';
import type { Bus } from './bus.ts';

export const TABLES_TOPIC = 'tables';

export interface TableEntry {
  state: TableStateWire;
  /** The push frame, serialized once for every socket. */
  frame: Buffer;
}

/** The newest state of every table this node has seen. */
export class TableStates {
  private readonly latest = new Map<string, TableEntry>();

  accept(e: TableEntry): boolean {
    const have = this.latest.get(e.state.gameCode);
    if (have && have.state.version >= e.state.version) return false;
    this.latest.set(e.state.gameCode, e);
    return true;
  }

  get(code: string): TableEntry | undefined {
    return this.latest.get(code);
  }
}

/** The dealer's publish: every node's hub receives the state. */
export function tablePublisher(bus: Bus, onError: (e: unknown) => void): (s: TableStateWire) => void {
  return (s) => void bus.publish(TABLES_TOPIC, JSON.stringify(s)).catch(onError);
}
