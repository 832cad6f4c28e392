import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { LIMITS } from '../limits.ts';
import {
  areaCode,
  captchaCode,
  codeId,
  email,
  empty,
  kaptchcate,
  ktype,
  md5Hex,
  ok,
  phone,
  sendCate,
  smsCode,
  username,
} from './common.ts';

const U = '/site/api/v1/user/';
const tag = 'User';

/** Captcha answer carried by login / register / reset step one. */
const captcha = { kaptchcate, codeId: codeId.optional(), code: captchaCode.optional() };
/** A value sealed with the site's client key (contract crypto `seal`: base64url of iv, ciphertext and tag). */
const sealedValue = z
  .string()
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/);

export const sessionResult = z.object({ token: z.string(), userId: z.string() });

export const memberInfo = z.object({
  userId: z.string(),
  name: z.string(),
  siteCode: z.number(),
  phone: z.string().nullable(),
  areaCode: z.string().nullable(),
  email: z.string().nullable(),
  realName: z.string().nullable(),
  bindPhone: z.boolean(),
  bindEmail: z.boolean(),
  bindRealName: z.boolean(),
  hasSecondPassword: z.boolean(),
  gender: z.enum(['male', 'female']).nullable(),
  birthday: z.string().nullable(),
  registerDate: z.string(),
  lastLoginAt: z.string().nullable(),
  vipGrade: z.number(),
  securityLevel: z.number().int().min(0).max(100),
  /** Avatar url (a preset /avatars/… or an upload /uploads/…); null until one is chosen. */
  avatar: z.string().nullable(),
  isPop: z.boolean(),
});

/** kyc: an identity-verification image (protectionApi.kycSubmit): private, never served back (its url is ''). */
export const uploadPurpose = z.enum(['avatar', 'feedback', 'kyc']);
export const uploadedImage = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  bytes: z.number(),
  width: z.number(),
  height: z.number(),
});

export const userApi = {
  login: endpoint({
    path: `${U}login`,
    auth: 'none',
    tag,
    summary:
      'Log in (isAgent 0, version 1.0). kaptchcate 99 with sendCodeNum finishes new-device verification; with codeId/code it redeems the auto-login ticket from register.',
    request: z.strictObject({
      isAgent: z.union([z.literal(0), z.literal('0')]),
      name: username,
      password: md5Hex,
      version: z.string().max(16),
      ...captcha,
      sendCodeNum: smsCode.optional(),
    }),
    response: sessionResult,
  }),
  register: endpoint({
    path: `${U}register`,
    auth: 'none',
    tag,
    summary: 'Register; answers an auto-login ticket (codeId, code) for login with kaptchcate 99.',
    request: z.strictObject({
      name: username,
      password: md5Hex,
      secondPassword: md5Hex,
      ...captcha,
      domain: z.string().max(1024).optional(),
      rCode: z.string().max(32).optional(),
      iCode: z.string().max(32).optional(),
      /** Identity at the door: required when the brand's flags.identityAt is 'register'. */
      realName: z.string().max(64).optional(),
      birthday: z.string().max(10).optional(),
    }),
    response: z.object({ userId: z.string(), name: z.string(), codeId: z.string(), code: z.string() }),
  }),
  logout: endpoint({ path: `${U}logout`, auth: 'member', tag, summary: 'End this session.', request: empty, response: ok }),
  memberInfo: endpoint({
    path: `${U}member/info`,
    auth: 'member',
    tag,
    summary: 'The logged-in member.',
    request: z.strictObject({ isPop: z.union([z.boolean(), z.number(), z.string().max(5)]).optional() }),
    response: memberInfo,
  }),
  loginHistory: endpoint({
    path: `${U}member/loginHistory`,
    auth: 'member',
    tag,
    summary: "The member's own recent logins (time, ip, device).",
    request: z.strictObject({
      pageNum: z.number().int().min(1).max(1000).optional(),
      pageSize: z.number().int().min(1).max(50).optional(),
    }),
    response: z.object({
      total: z.number(),
      list: z.array(z.object({ time: z.string(), ip: z.string(), device: z.string(), client: z.string(), result: z.string() })),
    }),
  }),
  jwt: endpoint({
    path: `${U}member/jwt`,
    auth: 'member',
    tag,
    summary: 'Short-lived signed JWT for the chat service.',
    request: empty,
    response: z.object({ jwt: z.string(), expiresIn: z.number() }),
  }),
  defaultKaptcha: endpoint({
    path: `${U}register/defaultKaptcha`,
    auth: 'none',
    tag,
    summary: 'Image captcha: image (data url) and x-code (its codeId). ktype 4 login, 1 register, 2 phone reset, 3 email reset.',
    request: z.strictObject({ ktype }),
    response: z.object({ image: z.string(), 'x-code': z.string() }),
  }),
  geeChallenge: endpoint({
    path: `${U}member/geeChallenge`,
    auth: 'none',
    tag,
    summary: 'Slider captcha challenge: background with a gap, the piece, its row, and the lot to answer.',
    request: z.strictObject({ ktype }),
    response: z.object({
      lot_number: z.string(),
      bg: z.string(),
      piece: z.string(),
      pieceY: z.number(),
      width: z.number(),
      height: z.number(),
      pieceSize: z.number(),
      gen_time: z.string(),
      pass_token: z.string(),
    }),
  }),
  validateGeeCheck: endpoint({
    path: `${U}member/validateGeeCheck`,
    auth: 'none',
    tag,
    summary: 'Check a slider answer; on success answers the captcha result (kaptchcate 0, codeId, code).',
    request: z.strictObject({
      lot_number: z.string().max(64),
      captcha_output: z.string().max(2048),
      pass_token: z.string().max(256),
      gen_time: z.string().max(32),
      validate_way: z.union([z.literal(0), z.literal('0')]),
    }),
    response: z.object({ kaptchcate: z.literal(0), codeId: z.string(), code: z.string() }),
  }),
  sendCodeOne: endpoint({
    path: `${U}sendCode/one`,
    auth: 'none',
    tag,
    summary:
      "Send a code for an anonymous flow: type '3' new device (the code number = the phone's 4 middle digits, after a device challenge), type '2' password reset (the bound phone or e-mail). cate '0' SMS, '1' e-mail, '2' voice. Spec form: sendNameV2 / sendCodeNumV2 / codeIdV2 sealed with the site's client key (the safe-switch codec) and SendName / SendCodeNum / codeId their md5 hex; a value that does not open, or whose md5 differs, answers 6008. Without the V2 fields the plain values are read from SendName / SendCodeNum / codeId.",
    request: z.strictObject({
      type: z.enum(['2', '3']),
      cate: sendCate,
      SendName: username,
      SendCodeNum: z.string().max(LIMITS.EMAIL_MAX),
      sendNameV2: sealedValue.optional(),
      sendCodeNumV2: sealedValue.optional(),
      codeIdV2: sealedValue.optional(),
      version: z.union([z.literal(1), z.literal('1')]).optional(),
      kaptchcate: kaptchcate.optional(),
      codeId: codeId.optional(),
      imageCode: captchaCode.optional(),
    }),
    response: z.object({ resendIn: z.number(), expiresIn: z.number(), to: z.string() }),
  }),
  sendCodeTwo: endpoint({
    path: `${U}sendCode/two`,
    auth: 'member',
    tag,
    summary:
      "Send a code for the logged-in member: type '4' bind phone (phone, areaCode), '5' bind e-mail (email), '6' second-password reset, '7' login-password reset (to the bound phone with cate '0'/'2' or e-mail with '1'), '8' re-verify the bound phone / '9' the bound e-mail before changing it (member/verifyOld).",
    request: z.strictObject({
      type: z.enum(['4', '5', '6', '7', '8', '9']),
      cate: sendCate,
      phone: phone.optional(),
      areaCode,
      email: email.optional(),
      version: z.union([z.literal(1), z.literal('1')]).optional(),
    }),
    response: z.object({ resendIn: z.number(), expiresIn: z.number(), to: z.string() }),
  }),
  bindPhone: endpoint({
    path: `${U}bindPhone`,
    auth: 'member',
    tag,
    summary: 'Bind a phone with the code sent by sendCode/two type 4.',
    request: z.strictObject({ phone, areaCode, code: smsCode }),
    response: ok,
  }),
  bindEmail: endpoint({
    path: `${U}bindEmail`,
    auth: 'member',
    tag,
    summary: 'Bind an e-mail with the code sent by sendCode/two type 5.',
    request: z.strictObject({ email, code: smsCode }),
    response: ok,
  }),
  bindOther: endpoint({
    path: `${U}member/bindOther`,
    auth: 'member',
    tag,
    summary: 'Bind the real name (once), and optionally gender and birthday (18+). Not editable after confirmation.',
    request: z.strictObject({
      realName: z.string().max(64).optional(),
      gender: z.enum(['male', 'female']).optional(),
      birthday: z.string().max(10).optional(),
    }),
    response: ok,
  }),
  bindPassword: endpoint({
    path: `${U}bindPassword`,
    auth: 'member',
    tag,
    summary: 'Change the login password (old, new, repeat).',
    request: z.strictObject({ oldPassword: md5Hex, password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  bindPasswordByPhone: endpoint({
    path: `${U}bindPasswordByPhone`,
    auth: 'member',
    tag,
    summary: 'Reset the login password with a code sent to the bound phone (sendCode/two type 7).',
    request: z.strictObject({ code: smsCode, password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  bindPasswordByEmail: endpoint({
    path: `${U}bindPasswordByEmail`,
    auth: 'member',
    tag,
    summary: 'Reset the login password with a code sent to the bound e-mail (sendCode/two type 7, cate 1).',
    request: z.strictObject({ code: smsCode, password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  secondPasswordSet: endpoint({
    path: `${U}withdrawal/pwd/set`,
    auth: 'member',
    tag,
    summary: 'Set the second (withdrawal) password the first time.',
    request: z.strictObject({ password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  secondPasswordReset: endpoint({
    path: `${U}withdrawal/pwd/reset`,
    auth: 'member',
    tag,
    summary: 'Change the second password with the old one, or reset it with a code (sendCode/two type 6).',
    request: z.strictObject({ oldPassword: md5Hex.optional(), code: smsCode.optional(), password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  secondPasswordEmailCheck: endpoint({
    path: `${U}withdrawal/pwd/emailCheck`,
    auth: 'member',
    tag,
    summary: 'Check a second-password reset code without using it up.',
    request: z.strictObject({ code: smsCode }),
    response: ok,
  }),
  uploadImage: endpoint({
    path: `${U}upload/uploadImage`,
    auth: 'member',
    tag,
    bodyLimit: LIMITS.UPLOAD_BODY_LIMIT_BYTES,
    summary: `Upload one image as JSON: image = base64 or a data: URL of a PNG, JPEG, WebP or GIF (judged by its bytes, not a declared type), at most ${LIMITS.UPLOAD_MAX_BYTES} bytes and ${LIMITS.UPLOAD_MAX_SIDE_PX} px a side; ${LIMITS.UPLOADS_PER_MEMBER_PER_HOUR} per member per hour. Stored content-addressed (sha256) in the database; answers the upload id (only its uploader may attach it: addAvatar, feedback) and the url it is served at. A bad file answers 6010.`,
    request: z.strictObject({
      purpose: uploadPurpose,
      image: z.string().min(1).max(LIMITS.UPLOAD_BODY_LIMIT_BYTES),
      fileName: z.string().max(128).optional(),
    }),
    response: uploadedImage,
  }),
  avatarList: endpoint({
    path: `${U}avatarList`,
    auth: 'member',
    tag,
    summary: "The site's preset avatars and the member's current avatar url (null: none chosen).",
    request: empty,
    response: z.object({ current: z.string().nullable(), list: z.array(z.object({ id: z.string(), url: z.string() })) }),
  }),
  addAvatar: endpoint({
    path: `${U}addAvatar`,
    auth: 'member',
    tag,
    summary: 'Set the avatar: a preset (avatarId from avatarList) or an image the member uploaded with purpose avatar (uploadId).',
    request: z.strictObject({ avatarId: z.string().max(32).optional(), uploadId: z.string().max(64).optional() }),
    response: z.object({ avatar: z.string() }),
  }),
  bindFromDeposit: endpoint({
    path: `${U}bindFromDeposit`,
    auth: 'member',
    tag,
    summary:
      "Bind the real name from the deposit form's depositor name (same rules as member/bindOther). Already bound: the same name answers success, another name 6009.",
    request: z.strictObject({ realName: z.string().max(64) }),
    response: z.object({ realName: z.string() }),
  }),
  verifyOld: endpoint({
    path: `${U}member/verifyOld`,
    auth: 'member',
    tag,
    summary:
      "Re-verify before changing a bound phone (target phone, code from sendCode/two type 8) or e-mail (target email, type 9). Valid for the code's lifetime; bindPhone / bindEmail then use it up.",
    request: z.strictObject({ target: z.enum(['phone', 'email']), code: smsCode }),
    response: ok,
  }),
  forgetByPhoneOne: endpoint({
    path: `${U}forgetByPhone/one`,
    auth: 'none',
    tag,
    summary: 'Forgot password by phone, step 1: name + bound phone → SMS code (captcha ktype 2).',
    request: z.strictObject({ name: username, phone, areaCode, cate: sendCate.optional(), ...captcha }),
    response: z.object({ resendIn: z.number(), expiresIn: z.number(), to: z.string() }),
  }),
  forgetByPhoneTwo: endpoint({
    path: `${U}forgetByPhone/two`,
    auth: 'none',
    tag,
    summary: 'Forgot password by phone, step 2: check the code.',
    request: z.strictObject({ name: username, phone, areaCode, code: smsCode }),
    response: ok,
  }),
  forgetByPhoneThree: endpoint({
    path: `${U}forgetByPhone/three`,
    auth: 'none',
    tag,
    summary: 'Forgot password by phone, step 3: new password (and repeat).',
    request: z.strictObject({ name: username, phone, areaCode, password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
  forgetByEmailOne: endpoint({
    path: `${U}forgetByEmail/one`,
    auth: 'none',
    tag,
    summary: 'Forgot password by e-mail, step 1 (captcha ktype 3).',
    request: z.strictObject({ name: username, email, ...captcha }),
    response: z.object({ resendIn: z.number(), expiresIn: z.number(), to: z.string() }),
  }),
  forgetByEmailTwo: endpoint({
    path: `${U}forgetByEmail/two`,
    auth: 'none',
    tag,
    summary: 'Forgot password by e-mail, step 2: check the code.',
    request: z.strictObject({ name: username, email, code: smsCode }),
    response: ok,
  }),
  forgetByEmailThree: endpoint({
    path: `${U}forgetByEmail/three`,
    auth: 'none',
    tag,
    summary: 'Forgot password by e-mail, step 3: new password (and repeat).',
    request: z.strictObject({ name: username, email, password: md5Hex, secondPassword: md5Hex }),
    response: ok,
  }),
};
