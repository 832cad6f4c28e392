import { lazy } from 'react';
import { GiftOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const RoomsPage = lazy(() => import('./RoomsPage.tsx'));
const GiftsPage = lazy(() => import('./GiftsPage.tsx'));

/** Live rooms (issue 34): rooms with their moderation and word filter; gift prices and income. */
export const livePages: ConsolePage[] = [
  {
    key: 'liveRooms',
    path: 'live/rooms',
    title: '直播间',
    icon: <VideoCameraOutlined />,
    permission: 'content.read',
    element: <RoomsPage />,
    group: 'content',
  },
  {
    key: 'liveGifts',
    path: 'live/gifts',
    title: '直播礼物与收入',
    icon: <GiftOutlined />,
    permission: 'content.read',
    element: <GiftsPage />,
    group: 'content',
  },
];
