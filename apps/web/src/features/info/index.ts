export { SponsorPage } from './SponsorPage.tsx';
export { AgentPage } from './AgentPage.tsx';
export { DownloadPage } from './DownloadPage.tsx';
export { QrCode, qrMatrix } from './QrCode.tsx';
