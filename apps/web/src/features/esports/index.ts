/** The house e-sports book's web pages: the lobby (top of /game/gaming) and the match page. */
export { EsportsLobby } from './EsportsLobby.tsx';
export { MatchPage } from './MatchPage.tsx';
