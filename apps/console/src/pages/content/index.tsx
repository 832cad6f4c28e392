import { lazy } from 'react';
import {
  FileImageOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  SettingOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';
import { SupportMenuIcon } from './SupportBadge.tsx';

const NoticesPage = lazy(() => import('./NoticesPage.tsx'));
const BannersPage = lazy(() => import('./BannersPage.tsx'));
const LettersPage = lazy(() => import('./LettersPage.tsx'));
const ZhTwPage = lazy(() => import('./ZhTwPage.tsx'));
const FeedbackPage = lazy(() => import('./FeedbackPage.tsx'));
const SupportPage = lazy(() => import('./SupportPage.tsx'));
const SiteSettingsPage = lazy(() => import('./SiteSettingsPage.tsx'));

/** Content and the desk: notices, banners, letters, zh-TW forms, feedback, customer service, brand settings. */
export const contentPages: ConsolePage[] = [
  {
    key: 'notices',
    path: 'content/notices',
    title: '公告与跑马灯',
    icon: <NotificationOutlined />,
    permission: 'content.read',
    element: <NoticesPage />,
    group: 'content',
  },
  {
    key: 'banners',
    path: 'content/banners',
    title: '轮播图',
    icon: <FileImageOutlined />,
    permission: 'content.read',
    element: <BannersPage />,
    group: 'content',
  },
  {
    key: 'letters',
    path: 'content/letters',
    title: '站内信',
    icon: <MailOutlined />,
    permission: 'content.read',
    element: <LettersPage />,
    group: 'content',
  },
  {
    key: 'zhtw',
    path: 'content/zh-tw',
    title: '繁体文本',
    icon: <TranslationOutlined />,
    permission: 'content.read',
    element: <ZhTwPage />,
    group: 'content',
  },
  {
    key: 'support',
    path: 'service/support',
    title: '在线客服',
    icon: <SupportMenuIcon />,
    permission: 'support.read',
    element: <SupportPage />,
    group: 'service',
  },
  {
    key: 'feedback',
    path: 'service/feedback',
    title: '意见反馈',
    icon: <MessageOutlined />,
    permission: 'feedback.read',
    element: <FeedbackPage />,
    group: 'service',
  },
  {
    key: 'site-settings',
    path: 'system/site',
    title: '站点设置',
    icon: <SettingOutlined />,
    permission: 'site.read',
    element: <SiteSettingsPage />,
    group: 'system',
  },
];
