import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import { i18n } from './app/i18n.ts';
import { App, applyRootFontSize } from './App.tsx';
import './styles.css';

applyRootFontSize();

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

// The home page is the usual landing route: fetch its chunk and strings alongside the entry instead
// of after the shell has rendered (the route table's lazy import then finds them loaded).
if (window.location.pathname === '/') {
  void import('./features/home/HomePage.tsx');
  void i18n.loadNamespaces('home');
}

// A transition render yields to the browser every few milliseconds instead of one long task (antd's
// style generation and the shell render took ~0.5 s of blocking time in Lighthouse).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
