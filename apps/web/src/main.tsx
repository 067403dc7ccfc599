import './lib/dayjs';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import { registerServiceWorker } from './pwa/register';

// Seed §8: start-up errors are only logged to the console.
try {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
} catch (error) {
  console.error('Không khởi động được ứng dụng', error);
}

// The installable app's worker (offline shell, update prompt, Web Push); the dev server has none.
if (import.meta.env.PROD) registerServiceWorker();
