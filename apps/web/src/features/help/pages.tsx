/**
 * The help-centre pages (spec §2's 23 children of /app/help, and 公平验证 gpyz), grouped for the side menu. HELP_PAGES is in
 * menu order: group by group, as the menu shows them.
 */
import type { ComponentType, ReactNode } from 'react';
import {
  BankOutlined,
  CustomerServiceOutlined,
  DollarCircleOutlined,
  FieldTimeOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FlagOutlined,
  GiftOutlined,
  GlobalOutlined,
  HeartOutlined,
  InfoCircleOutlined,
  LockOutlined,
  MoneyCollectOutlined,
  NumberOutlined,
  QuestionCircleOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserAddOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { PrivacyContent, TermsContent } from '../legal/LegalDocs.tsx';
import { ContentDoc } from './content/ContentDoc.tsx';
import { ResponsibleGamingPage } from './ResponsibleGamingPage.tsx';
import { SupportPage } from './SupportPage.tsx';
import { VerifyPage } from './verify/VerifyPage.tsx';

export type HelpGroup = 'guide' | 'funds' | 'rules' | 'faq' | 'about';

export interface HelpPage {
  /** Child path under /app/help (spec §2: kh, ck, qk, zz, …). */
  path: string;
  /** i18n key of the page title in the 'help' namespace. */
  titleKey: string;
  Component: ComponentType;
  /** Side-menu group (i18n key `groups.{group}` in 'help'). */
  group: HelpGroup;
  icon: ReactNode;
}

/** Side-menu groups in order: 新手指南 / 存取款 / 投注规则 / 常见问题 / 关于我们. */
export const HELP_GROUPS: readonly HelpGroup[] = ['guide', 'funds', 'rules', 'faq', 'about'];

/** A help page whose whole content is the document `pages.{code}` of the 'help' namespace. */
function docPage(code: string): ComponentType {
  function HelpDocPage() {
    return <ContentDoc ns="help" docKey={`pages.${code}`} idPrefix={`help-${code}`} />;
  }
  HelpDocPage.displayName = `HelpPage_${code}`;
  return HelpDocPage;
}

const page = (path: string, group: HelpGroup, icon: ReactNode, Component: ComponentType = docPage(path)): HelpPage => ({
  path,
  titleKey: `pages.${path}.title`,
  Component,
  group,
  icon,
});

export const HELP_PAGES: HelpPage[] = [
  page('kh', 'guide', <UserAddOutlined />),
  page('tytzjc', 'guide', <TrophyOutlined />),
  page('tjllq', 'guide', <GlobalOutlined />),
  page('fjcjc', 'guide', <SafetyOutlined />),
  page('ck', 'funds', <BankOutlined />),
  page('qk', 'funds', <MoneyCollectOutlined />),
  page('zz', 'funds', <SwapOutlined />),
  page('xnbcqkjc', 'funds', <DollarCircleOutlined />),
  page('rqgl', 'rules', <FlagOutlined />),
  page('dxqgl', 'rules', <RiseOutlined />),
  page('tysstqth', 'rules', <FieldTimeOutlined />),
  page('yhgz', 'rules', <GiftOutlined />),
  page('gpyz', 'rules', <SafetyCertificateOutlined />, VerifyPage),
  page('tywt', 'faq', <QuestionCircleOutlined />),
  page('zrwt', 'faq', <VideoCameraOutlined />),
  page('dzjj', 'faq', <ThunderboltOutlined />),
  page('cpwt', 'faq', <NumberOutlined />),
  page('qtwt', 'faq', <InfoCircleOutlined />),
  page('gywm', 'about', <TeamOutlined />),
  page('hzhb', 'about', <FileProtectOutlined />),
  page('bczr', 'about', <HeartOutlined />, ResponsibleGamingPage),
  page('gztk', 'about', <FileTextOutlined />, TermsContent),
  page('ysgz', 'about', <LockOutlined />, PrivacyContent),
  page('zxkf', 'about', <CustomerServiceOutlined />, SupportPage),
];
