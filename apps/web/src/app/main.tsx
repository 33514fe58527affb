import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { initI18n } from '../i18n/i18n';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

// English beyond the sign-in page loads with the other pages (router.tsx).
await initI18n({ firstPageOnly: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
