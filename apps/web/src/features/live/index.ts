export { LiveListPage, LiveRoomPage } from './pages.tsx';
export { ChatPanel } from './ChatPanel.tsx';
export { SportRooms } from './SportRooms.tsx';
