/** Live rooms (migration 0049_live_rooms, modules/live). */
import type { Generated } from 'kysely';

export interface LiveRoomTable {
  id: string;
  site_code: number;
  title: string;
  host_name: string;
  host_staff: string;
  match_id: string | null;
  status: 'open' | 'paused' | 'closed';
  min_vip: number;
  stream_url: string | null;
  created_by: string;
  created_at: number;
  destroyed_at: number | null;
}

export interface LiveMessageTable {
  id: Generated<number>;
  room_id: string;
  member_id: string;
  name: string;
  vip: number;
  kind: 'chat' | 'host' | 'gift';
  text: string;
  shadow: number;
  deleted_by: string | null;
  created_at: number;
}

export interface LiveMuteTable {
  site_code: number;
  room_id: string;
  member_id: string;
  until: number;
  muted_by: string;
}

export interface LiveShadowBanTable {
  site_code: number;
  member_id: string;
  banned_by: string;
  created_at: number;
}

export interface LiveBlockTable {
  viewer_id: string;
  blocked_id: string;
  created_at: number;
}

export interface LiveWordTable {
  site_code: number;
  word: string;
}

export interface LiveGiftTable {
  request_key: string;
  site_code: number;
  room_id: string;
  member_id: string;
  gift_code: string;
  count: number;
  amount: number;
  created_at: number;
}

/** A brand's own price (fen) of a catalogue gift, or the gift off its list (migration 0052). */
export interface LiveGiftPriceTable {
  site_code: number;
  gift_code: string;
  price: number;
  enabled: number;
}
