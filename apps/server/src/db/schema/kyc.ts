/** Identity verification (migration 0030; modules/compliance/kyc.ts). Times are epoch ms. */

export type KycStatus = 'pending' | 'verified' | 'rejected';

export interface KycSubmissionTable {
  id: string;
  member_id: string;
  site_code: number;
  real_name: string;
  /** YYYY-MM-DD. */
  birthday: string;
  document_type: string;
  /** Keyed SHA-256 of the document type and number (hex): matching, never the number itself. */
  document_hash: string;
  /** The number's last 4 characters, shown to staff. */
  document_last4: string;
  /** Upload ids (purpose 'kyc', private). */
  document_upload_id: string;
  selfie_upload_id: string;
  status: KycStatus;
  underage: number;
  reviewer: string | null;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}
