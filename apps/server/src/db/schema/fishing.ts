/** Fishing (migration 0048_fishing). */
export interface FishingSeedTable {
  id: string;
  room_id: string;
  seed: string;
  seed_hash: string;
  starts_at: number;
  ends_at: number;
}

export interface FishingShotTable {
  id: string;
  member_id: string;
  shot_key: string;
  room_id: string;
  seed_id: string;
  fish_id: string;
  kind: string;
  value: number;
  draw: number;
  stake: number;
  win: number;
  killed: number;
  killed_fish: string;
  freeze: number;
  judged_at: number;
  batch_id: string;
}

export interface FishingMinuteTable {
  member_id: string;
  minute: number;
  site_code: number;
  hall: string;
  room_id: string;
  shots: number;
  kills: number;
  stake: number;
  win: number;
  first_at: number;
  last_at: number;
  recorded: number;
}

export interface FishingSeatTable {
  room_id: string;
  seat: number;
  hall: string;
  member_id: string;
  name: string;
  level: number;
  seen_at: number;
}
