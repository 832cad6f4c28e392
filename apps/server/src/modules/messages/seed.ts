/**
 * Demo messages of the demo brands (never invented figures): account-safety, deposit-safety and
 * maintenance notices for 7000 (zh-CN) and 7001 (zh-TW), the home banners of both (our own generated art,
 * site/art.ts, drawn in the request's language), and a welcome letter for the demo member.
 * Fixed ids keep seeding idempotent.
 */
import type { Db } from '../../db/connect.ts';
import type { AdTable, NoticeTable } from '../../db/schema.ts';
import { brandArt, DEMO_BANNERS } from '../site/art.ts';
import { adRepository, letterRepository, noticeRepository } from './repository.ts';

type Demo = Pick<NoticeTable, 'id' | 'site_code' | 'category' | 'title' | 'content' | 'marquee'>;
const DEMO_NOTICES: Demo[] = [
  {
    id: 'demo-7000-safety',
    site_code: 7000,
    category: 'notice',
    marquee: 1,
    title: '账户安全提醒',
    content: '平台工作人员不会以任何理由向您索要密码或验证码，请勿向他人透露。如遇可疑情况，请立即联系在线客服。',
  },
  {
    id: 'demo-7000-deposit',
    site_code: 7000,
    category: 'fd',
    marquee: 1,
    title: '存款安全须知',
    content: '存款信息只通过官网、App 或在线客服获取；线下代理提供的收款账户一律不予承认，由此造成的损失由会员自行承担。',
  },
  {
    id: 'demo-7000-maintenance',
    site_code: 7000,
    category: 'bulletin',
    marquee: 0,
    title: '场馆例行维护',
    content: '幻彩电子、星辰真人场馆每周二 10:00-12:00（北京时间）例行维护，维护期间暂停转入转出，余额不受影响。',
  },
  {
    id: 'demo-7001-safety',
    site_code: 7001,
    category: 'notice',
    marquee: 1,
    title: '賬戶安全提醒',
    content: '平台工作人員不會以任何理由向您索要密碼或驗證碼，請勿向他人透露。如遇可疑情況，請立即聯繫在線客服。',
  },
  {
    id: 'demo-7001-deposit',
    site_code: 7001,
    category: 'fd',
    marquee: 1,
    title: '存款安全須知',
    content: '存款信息只通過官網、App 或在線客服獲取；線下代理提供的收款賬戶一律不予承認。',
  },
];

/** The demo brands' home banners (position banner): an operator withdraws them by id and publishes their own. */
const DEMO_ADS: Omit<AdTable, 'start_at' | 'end_at' | 'created_by' | 'created_at' | 'withdrawn_at'>[] = (
  [
    [7000, 'zh-CN'],
    [7001, 'zh-TW'],
  ] as const
).flatMap(([site, locale]) =>
  DEMO_BANNERS.map((b, i) => ({
    id: `demo-${site}-banner-${b.slug}`,
    site_code: site,
    position: 'banner' as const,
    title: b.text[locale][0],
    image_url: brandArt.banner(site, b.slug),
    link_url: b.link,
    content: b.text[locale][1],
    sort: i + 1,
  })),
);

export async function seedMessages(db: Db, now = Date.now()): Promise<void> {
  for (const n of DEMO_NOTICES) {
    await noticeRepository.insert(db, { ...n, start_at: now, end_at: null, created_by: 'seed', created_at: now, withdrawn_at: null });
  }
  for (const a of DEMO_ADS)
    await adRepository.insert(db, { ...a, start_at: now, end_at: null, created_by: 'seed', created_at: now, withdrawn_at: null });
}

/** Letters for a newly created demo member: a personal welcome and a brand bulletin. */
export async function seedDemoLetters(db: Db, memberId: string, siteCode: number, now = Date.now()): Promise<void> {
  const letters = [
    {
      id: `welcome-${memberId}`,
      type: 'notice' as const,
      broadcast: 0,
      title: '欢迎加入',
      content: '感谢您的注册！完善个人资料并绑定手机号后即可使用存取款功能。如有疑问，请通过「意见反馈」或在线客服联系我们。',
    },
    {
      id: `bulletin-${memberId}`,
      type: 'bulletin' as const,
      broadcast: 1,
      title: '会员中心上线站内信',
      content: '系统通知、活动消息与资金消息将在此集中展示，未读消息会在页面右上角提示。',
    },
  ];
  for (const l of letters) {
    if (await letterRepository.exists(db, l.id)) continue;
    await letterRepository.insert(
      db,
      {
        ...l,
        site_code: siteCode,
        segment: JSON.stringify({ kind: 'members', names: [memberId] }),
        recipients: 0,
        start_at: now,
        created_by: 'seed',
        created_at: now,
        revoked_at: null,
      },
      { kind: 'members', ids: [memberId] },
    );
  }
}
