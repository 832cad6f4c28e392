/**
 * Demo promotions of the demo brands (seeded by ./seed.ts): one of each type, as an operator would write them
 * for `npm run ops -- promo:create`. Seeding inserts the missing ones and leaves existing ones as they
 * are (an operator's end or a race's settlement stays).
 */
import type { PromotionInput } from './params.ts';

const COMMON_CN =
  '\n\n通用条款：每位会员、每个手机号、每张银行卡、每个设备及IP仅限一个账号参与；同一设备或网络的多个账号领取将转人工审核。奖励所需流水计入提款流水要求，未完成前不能提款。本平台保留修改、暂停或取消活动的权利。';
const COMMON_TW =
  '\n\n通用條款：每位會員、每個手機號、每張銀行卡、每個設備及IP僅限一個賬號參與；同一設備或網絡的多個賬號領取將轉人工審核。獎勵所需流水計入提款流水要求，未完成前不能提款。本平台保留修改、暫停或取消活動的權利。';
const ONGOING = '2025-01-01T00:00:00+08:00';

type Demo = Omit<PromotionInput, 'siteCode' | 'id'> & { slug: string };

const DEMOS: Demo[] = [
  {
    slug: 'first-deposit',
    type: 'first_deposit',
    category: 'newbie',
    sort: 1,
    banner: { theme: 'gold', image: null },
    title: { 'zh-CN': '新会员首存加赠100%', 'zh-TW': '新會員首存加贈100%' },
    summary: { 'zh-CN': '首次存款最高加赠888元', 'zh-TW': '首次存款最高加贈888元' },
    rules: {
      'zh-CN':
        '1. 首次存款前点击“立即申请”报名，报名后首笔存款到账即自动发放红利。\n2. 单笔存款不低于100元，红利为存款金额的100%，最高888元。\n3. （本金+红利）需完成10倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 首次存款前點擊「立即申請」報名，報名後首筆存款到賬即自動發放紅利。\n2. 單筆存款不低於100元，紅利為存款金額的100%，最高888元。\n3. （本金+紅利）需完成10倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: { ratePct: 100, maxBonusFen: 88_800, minDepositFen: 10_000, multiple: 10, wageringBase: 'deposit_bonus' },
    startsAt: ONGOING,
  },
  {
    slug: 're-deposit',
    type: 're_deposit',
    category: 'general',
    sort: 2,
    banner: { theme: 'jade', image: null },
    title: { 'zh-CN': '每日再存送15%', 'zh-TW': '每日再存送15%' },
    summary: { 'zh-CN': '每天首笔再存款加赠，最高1888元', 'zh-TW': '每天首筆再存款加贈，最高1888元' },
    rules: {
      'zh-CN':
        '1. 报名后，每个自然日（北京时间）首笔符合条件的存款（非首存）自动加赠15%红利，最高1888元。\n2. 单笔存款不低于100元。\n3. （本金+红利）需完成5倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 報名後，每個自然日（北京時間）首筆符合條件的存款（非首存）自動加贈15%紅利，最高1888元。\n2. 單筆存款不低於100元。\n3. （本金+紅利）需完成5倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: { ratePct: 15, maxBonusFen: 188_800, minDepositFen: 10_000, multiple: 5, wageringBase: 'deposit_bonus' },
    startsAt: ONGOING,
  },
  {
    slug: 'sign-in',
    type: 'sign_in',
    category: 'general',
    sort: 3,
    banner: { theme: 'violet', image: null },
    title: { 'zh-CN': '每日签到送彩金', 'zh-TW': '每日簽到送彩金' },
    summary: { 'zh-CN': '连续签到7天，彩金逐日递增', 'zh-TW': '連續簽到7天，彩金逐日遞增' },
    rules: {
      'zh-CN':
        '1. 每天可签到一次，连续签到第1至7天分别获得2、3、5、8、10、15、28元，第8天起重新计算。\n2. 中断一天则从第1天重新开始。\n3. 签到彩金需完成1倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 每天可簽到一次，連續簽到第1至7天分別獲得2、3、5、8、10、15、28元，第8天起重新計算。\n2. 中斷一天則從第1天重新開始。\n3. 簽到彩金需完成1倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: { dailyFen: [200, 300, 500, 800, 1_000, 1_500, 2_800], minDepositFen: 0, multiple: 1 },
    startsAt: ONGOING,
  },
  {
    slug: 'betting-gift',
    type: 'betting_gift',
    category: 'sport',
    sort: 4,
    banner: { theme: 'crimson', image: null },
    title: { 'zh-CN': '投注彩金天天领', 'zh-TW': '投注彩金天天領' },
    summary: { 'zh-CN': '当日有效投注达标，四档彩金可叠加', 'zh-TW': '當日有效投注達標，四檔彩金可疊加' },
    rules: {
      'zh-CN':
        '1. 当日（北京时间）有效投注达到1,000 / 5,000 / 20,000 / 100,000元，可分别领取8 / 38 / 128 / 588元，各档每天限领一次，可叠加。\n2. 须于当日领取，隔日不补发。\n3. 彩金需完成1倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 當日（北京時間）有效投注達到1,000 / 5,000 / 20,000 / 100,000元，可分別領取8 / 38 / 128 / 588元，各檔每天限領一次，可疊加。\n2. 須於當日領取，隔日不補發。\n3. 彩金需完成1倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: {
      tiers: [
        { turnoverFen: 100_000, bonusFen: 800 },
        { turnoverFen: 500_000, bonusFen: 3_800 },
        { turnoverFen: 2_000_000, bonusFen: 12_800 },
        { turnoverFen: 10_000_000, bonusFen: 58_800 },
      ],
      categories: [],
      multiple: 1,
    },
    startsAt: ONGOING,
  },
  {
    slug: 'lucky-wheel',
    type: 'draw_gift',
    category: 'casino',
    sort: 5,
    banner: { theme: 'ember', image: null },
    title: { 'zh-CN': '幸运大转盘', 'zh-TW': '幸運大轉盤' },
    summary: { 'zh-CN': '存款或投注赢取抽奖机会，最高888元', 'zh-TW': '存款或投注贏取抽獎機會，最高888元' },
    rules: {
      'zh-CN':
        '1. 当日每存款100元或有效投注1,000元获得1次抽奖机会，每天最多10次。\n2. 每次抽奖前公布结果承诺值（种子的SHA-256），抽奖后公开种子，结果 = HMAC-SHA256(种子, 会员编号:抽奖次序)，可自行验证。\n3. 奖金需完成1倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 當日每存款100元或有效投注1,000元獲得1次抽獎機會，每天最多10次。\n2. 每次抽獎前公佈結果承諾值（種子的SHA-256），抽獎後公開種子，結果 = HMAC-SHA256(種子, 會員編號:抽獎次序)，可自行驗證。\n3. 獎金需完成1倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: {
      prizes: [
        { labelCn: '谢谢参与', labelTw: '謝謝參與', amountFen: 0, weight: 40 },
        { labelCn: '8元', labelTw: '8元', amountFen: 800, weight: 30 },
        { labelCn: '18元', labelTw: '18元', amountFen: 1_800, weight: 15 },
        { labelCn: '58元', labelTw: '58元', amountFen: 5_800, weight: 10 },
        { labelCn: '188元', labelTw: '188元', amountFen: 18_800, weight: 4 },
        { labelCn: '888元', labelTw: '888元', amountFen: 88_800, weight: 1 },
      ],
      depositPerSpinFen: 10_000,
      turnoverPerSpinFen: 100_000,
      maxSpinsPerDay: 10,
      multiple: 1,
    },
    startsAt: ONGOING,
  },
  {
    slug: 'weekly-race',
    type: 'race',
    category: 'sport',
    sort: 6,
    banner: { theme: 'azure', image: null },
    title: { 'zh-CN': '流水王者争霸赛', 'zh-TW': '流水王者爭霸賽' },
    summary: { 'zh-CN': '活动期内有效投注排名，冠军独得8,888元', 'zh-TW': '活動期內有效投注排名，冠軍獨得8,888元' },
    rules: {
      'zh-CN':
        '1. 活动期间按有效投注总额排名，无需报名。\n2. 前10名分别获得8,888 / 5,888 / 3,888 / 1,888 / 888 / 588 / 388 / 288 / 188 / 88元。\n3. 活动结束后统一派发，奖金需完成1倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 活動期間按有效投注總額排名，無需報名。\n2. 前10名分別獲得8,888 / 5,888 / 3,888 / 1,888 / 888 / 588 / 388 / 288 / 188 / 88元。\n3. 活動結束後統一派發，獎金需完成1倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: {
      prizesFen: [888_800, 588_800, 388_800, 188_800, 88_800, 58_800, 38_800, 28_800, 18_800, 8_800],
      categories: [],
      minTurnoverFen: 0,
      multiple: 1,
    },
    startsAt: ONGOING,
    endsAt: '2027-01-01T00:00:00+08:00',
  },
  {
    slug: 'newbie-tasks',
    type: 'new_member',
    category: 'newbie',
    sort: 7,
    banner: { theme: 'jade', image: null },
    title: { 'zh-CN': '新人任务礼包', 'zh-TW': '新人任務禮包' },
    summary: { 'zh-CN': '注册7天内完成任务，最高领62元', 'zh-TW': '註冊7天內完成任務，最高領62元' },
    rules: {
      'zh-CN':
        '1. 注册7天内的会员可参与。\n2. 绑定手机号8元、绑定真实姓名8元、首次存款满100元18元、累计有效投注满1,000元28元，每项限领一次。\n3. 奖励需完成1倍有效投注方可提款。' +
        COMMON_CN,
      'zh-TW':
        '1. 註冊7天內的會員可參與。\n2. 綁定手機號8元、綁定真實姓名8元、首次存款滿100元18元、累計有效投注滿1,000元28元，每項限領一次。\n3. 獎勵需完成1倍有效投注方可提款。' +
        COMMON_TW,
    },
    params: {
      registeredWithinDays: 7,
      multiple: 1,
      tasks: [
        { key: 'bind_phone', targetFen: 0, bonusFen: 800 },
        { key: 'bind_real_name', targetFen: 0, bonusFen: 800 },
        { key: 'first_deposit', targetFen: 10_000, bonusFen: 1_800 },
        { key: 'turnover', targetFen: 100_000, bonusFen: 2_800 },
      ],
    },
    startsAt: ONGOING,
  },
  {
    slug: 'invite-friends',
    type: 'friend_invite',
    category: 'general',
    sort: 8,
    banner: { theme: 'gold', image: null },
    title: { 'zh-CN': '邀请好友赚彩金', 'zh-TW': '邀請好友賺彩金' },
    summary: { 'zh-CN': '好友存款满100元，您得38元', 'zh-TW': '好友存款滿100元，您得38元' },
    rules: {
      'zh-CN':
        '1. 分享您的专属邀请链接或邀请码，好友注册时填写即绑定。\n2. 好友单笔存款满100元，您获得38元彩金，每位好友限一次，最多50位。\n3. 彩金需完成3倍有效投注方可提款。与您同一设备或网络注册的好友不计入，将转人工审核。' +
        COMMON_CN,
      'zh-TW':
        '1. 分享您的專屬邀請鏈接或邀請碼，好友註冊時填寫即綁定。\n2. 好友單筆存款滿100元，您獲得38元彩金，每位好友限一次，最多50位。\n3. 彩金需完成3倍有效投注方可提款。與您同一設備或網絡註冊的好友不計入，將轉人工審核。' +
        COMMON_TW,
    },
    params: { minDepositFen: 10_000, bonusFen: 3_800, maxInvitees: 50, multiple: 3 },
    startsAt: ONGOING,
  },
];

export function demoPromotions(siteCode: number): PromotionInput[] {
  return DEMOS.map(({ slug, ...d }) => ({ ...d, id: `${slug}-${siteCode}`, siteCode }));
}
