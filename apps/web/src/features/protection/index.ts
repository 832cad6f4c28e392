/** Player protection: the 责任博彩 page and the pieces other places mount. */
export { ProtectionPage } from './ProtectionPage.tsx';
