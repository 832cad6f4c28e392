/**
 * Image upload (upload/uploadImage) for the avatar and feedback forms: the file is read as a data URL
 * and sent as JSON (plain even with the safe switch on — see CallOptions.plain). The checks here are
 * for a quick answer only; the server judges the real type by the file's bytes and the pixel size.
 */
import { LIMITS, userApi, type ResponseOf } from '@portal/contract';
import { call } from './client.ts';

export type UploadPurpose = 'avatar' | 'feedback' | 'kyc';
export type UploadedImage = ResponseOf<typeof userApi.uploadImage>;

/** What the file picker offers (the accept attribute) and the types the server takes. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** 'type' or 'size' when the file cannot be an acceptable upload; null when it may be sent. */
export function checkImageFile(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!IMAGE_ACCEPT.split(',').includes(file.type)) return 'type';
  if (file.size > LIMITS.UPLOAD_MAX_BYTES) return 'size';
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}

export async function uploadImage(file: File, purpose: UploadPurpose): Promise<UploadedImage> {
  const image = await readAsDataUrl(file);
  return call(userApi.uploadImage, { purpose, image, fileName: file.name.slice(0, 128) }, { plain: true });
}
