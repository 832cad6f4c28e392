/**
 * sendCode/one's values in the spec's form (§7): sendNameV2 / sendCodeNumV2 / codeIdV2 sealed with the site's
 * client key (the safe-switch codec), SendName / SendCodeNum / codeId their md5 — the server opens each and
 * checks it against its md5.
 */
import { seal } from '@portal/contract';
import { md5 } from './md5.ts';
import { loadSite } from './site.ts';

export interface SendCodeValues {
  sendNameV2: string;
  sendCodeNumV2: string;
  SendName: string;
  SendCodeNum: string;
  codeIdV2?: string;
  codeId?: string;
}

export async function sendCodeValues(name: string, codeNum: string, codeId?: string): Promise<SendCodeValues> {
  const key = (await loadSite()).siteBaseConfig.clientKey;
  const out: SendCodeValues = {
    sendNameV2: await seal(key, name),
    sendCodeNumV2: await seal(key, codeNum),
    SendName: md5(name),
    SendCodeNum: md5(codeNum),
  };
  if (codeId) Object.assign(out, { codeIdV2: await seal(key, codeId), codeId: md5(codeId) });
  return out;
}
