import { siteApi, userApi as api } from '@portal/contract';
import { memberRoute, route, type Route } from '../../http/pipeline.ts';
import type { CaptchaService } from '../captcha/service.ts';
import type { AuthService } from './authService.ts';
import { singleDataDecryption } from './dataDecryption.ts';
import type { ProfileService } from './profileService.ts';
import type { RecoveryService } from './recoveryService.ts';

export function userRoutes(s: { auth: AuthService; recovery: RecoveryService; profile: ProfileService; captcha: CaptchaService }): Route[] {
  const { auth, recovery, profile, captcha } = s;
  return [
    route(api.login, (i, ctx) => auth.login(i, ctx)),
    route(api.register, (i, ctx) => auth.register(i, ctx)),
    memberRoute(api.logout, (_i, ctx) => auth.logout(ctx)),
    memberRoute(api.memberInfo, (i, ctx) => profile.info(ctx, i.isPop === true || i.isPop === 1 || i.isPop === '1' || i.isPop === 'true')),
    memberRoute(api.loginHistory, (i, ctx) => profile.loginHistory(ctx, i.pageNum, i.pageSize)),
    memberRoute(api.jwt, (_i, ctx) => profile.jwt(ctx)),
    memberRoute(siteApi.singleDataDecryption, async (i, ctx) => singleDataDecryption(await profile.me(ctx), i.key)),
    route(api.defaultKaptcha, (i, ctx) => captcha.image(ctx.site.siteCode, i.ktype)),
    route(api.geeChallenge, (i, ctx) => captcha.slider(ctx.site.siteCode, i.ktype)),
    route(api.validateGeeCheck, (i, ctx) => captcha.validateSlider(ctx.site.siteCode, i)),
    route(api.sendCodeOne, (i, ctx) => recovery.sendCodeOne(i, ctx)),
    memberRoute(api.sendCodeTwo, (i, ctx) => profile.sendCodeTwo(i, ctx)),
    memberRoute(api.bindPhone, (i, ctx) => profile.bindPhone(i, ctx)),
    memberRoute(api.bindEmail, (i, ctx) => profile.bindEmail(i, ctx)),
    memberRoute(api.bindOther, (i, ctx) => profile.bindOther(i, ctx)),
    memberRoute(api.bindFromDeposit, (i, ctx) => profile.bindFromDeposit(i, ctx)),
    memberRoute(api.verifyOld, (i, ctx) => profile.verifyOld(i, ctx)),
    memberRoute(api.bindPassword, (i, ctx) => profile.bindPassword(i, ctx)),
    memberRoute(api.bindPasswordByPhone, (i, ctx) => profile.bindPasswordBy('phone', i, ctx)),
    memberRoute(api.bindPasswordByEmail, (i, ctx) => profile.bindPasswordBy('email', i, ctx)),
    memberRoute(api.secondPasswordSet, (i, ctx) => profile.secondPasswordSet(i, ctx)),
    memberRoute(api.secondPasswordReset, (i, ctx) => profile.secondPasswordReset(i, ctx)),
    memberRoute(api.secondPasswordEmailCheck, (i, ctx) => profile.secondPasswordEmailCheck(i, ctx)),
    route(api.forgetByPhoneOne, (i, ctx) => recovery.phoneOne(i, ctx)),
    route(api.forgetByPhoneTwo, (i, ctx) => recovery.phoneTwo(i, ctx)),
    route(api.forgetByPhoneThree, (i, ctx) => recovery.phoneThree(i, ctx)),
    route(api.forgetByEmailOne, (i, ctx) => recovery.emailOne(i, ctx)),
    route(api.forgetByEmailTwo, (i, ctx) => recovery.emailTwo(i, ctx)),
    route(api.forgetByEmailThree, (i, ctx) => recovery.emailThree(i, ctx)),
  ];
}
