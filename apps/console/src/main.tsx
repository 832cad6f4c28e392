import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './App.tsx';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);
