import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import { i18n } from './app/i18n.ts';
import { App, applyRootFontSize } from './App.tsx';
import { loadSite } from './api/site.ts';
import { startPwa } from './app/pwa.ts';
import './styles.css';
import './shell/phone.css';
import './shell/phonePages.css';

applyRootFontSize();
startPwa();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

// The home page is the usual landing route: fetch its chunk and strings alongside the entry instead
// of after the shell has rendered (the route table's lazy import then finds them loaded).
if (window.location.pathname === '/') {
  void import('./features/home/HomePage.tsx');
  void i18n.loadNamespaces('home');
}

// The first paint waits for the site's configuration (preInfo), at most BOOT_WAIT_MS: the brand title, the
// theme and the flags (the edition switch) come with it, and painting the defaults first moved the header
// and the hero when they arrived (CLS 0.0076 on a slow link, e2e/home). A site slower than that renders
// with the defaults and fills in as before.
const BOOT_WAIT_MS = 3_000;
const siteKnown = Promise.race([
  loadSite().then(
    () => undefined,
    () => undefined,
  ),
  new Promise<void>((resolve) => setTimeout(resolve, BOOT_WAIT_MS)),
]);

// A transition render yields to the browser every few milliseconds instead of one long task (antd's
// style generation and the shell render took ~0.5 s of blocking time in Lighthouse).
const root = createRoot(container);
void siteKnown.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
