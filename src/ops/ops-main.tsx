// ops.html's own Vite input: nothing of the trading app is loaded.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OpsApp } from './ops-app.tsx';
import './ops.css';

const root = document.getElementById('ops-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <OpsApp />
    </StrictMode>,
  );
}
