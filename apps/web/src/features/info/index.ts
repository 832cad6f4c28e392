export function SponsorPage() {
  return null;
}
export function AgentPage() {
  return null;
}
export function DownloadPage() {
  return null;
}
