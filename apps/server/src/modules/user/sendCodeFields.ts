import { createHash } from 'node:crypto';
import { StatusCode, open, type userApi } from '@portal/contract';
import type { z } from 'zod';
import { fail } from '../../lib/errors.ts';

type SendOne = z.output<typeof userApi.sendCodeOne.request>;

export interface SendCodeFields {
  name: string;
  codeNum: string;
  codeId: string | undefined;
}

const md5 = (s: string): string => createHash('md5').update(s, 'utf8').digest('hex');

/** The plain value of a V2 field: it opens under the client key and its md5 is the md5 field beside it; else 6008. */
async function opened(clientKey: string, sealed: string, md5Field: string | undefined): Promise<string> {
  const plain = await open(clientKey, sealed);
  if (plain === null || !md5Field || md5(plain) !== md5Field.toLowerCase()) fail(StatusCode.ILLEGAL_PARAMETER);
  return plain;
}

/**
 * The values of sendCode/one (spec §7): the encrypted sendNameV2 / sendCodeNumV2 / codeIdV2 (sealed with the
 * site's client key) checked against the md5 SendName / SendCodeNum / codeId; both V2 fields of name and number
 * or neither. Without V2 fields, the plain SendName / SendCodeNum / codeId of the first clients.
 */
export async function sendCodeFields(input: SendOne, clientKey: string): Promise<SendCodeFields> {
  const v2 = input.sendNameV2 !== undefined || input.sendCodeNumV2 !== undefined || input.codeIdV2 !== undefined;
  if (!v2) return { name: input.SendName, codeNum: input.SendCodeNum, codeId: input.codeId };
  if (input.sendNameV2 === undefined || input.sendCodeNumV2 === undefined) fail(StatusCode.ILLEGAL_PARAMETER);
  return {
    name: await opened(clientKey, input.sendNameV2, input.SendName),
    codeNum: await opened(clientKey, input.sendCodeNumV2, input.SendCodeNum),
    codeId: input.codeIdV2 === undefined ? undefined : await opened(clientKey, input.codeIdV2, input.codeId),
  };
}
