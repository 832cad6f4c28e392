/** Fishing's pages (lazily loaded by the route table). */
export { FishingGamePage } from './FishingGamePage.tsx';
