/** A background job's lease and schedule across nodes (migration 0050, jobs/lease.ts). */
export interface JobLeaseTable {
  name: string;
  /** The node running it ('' once a run finished). */
  owner: string;
  /** The run's lease: another node may take the job over after this (the holder died). */
  lease_until: number;
  /** The job is due again at this time (set by the run that finished last). */
  next_at: number;
  runs: number;
  finished_at: number | null;
}
