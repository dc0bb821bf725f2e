import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreload } from './route-preload';

const apiTarget = process.env.TAVOLA_API_URL ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The pages a phone opens first: the landing page and the guest's menu (QR codes).
    routePreload({
      '/': 'src/features/landing/landing-page.tsx',
      '/order': 'src/features/customer-order/order-page.tsx',
    }),
  ],
  resolve: {
    // `@/lib/format` is apps/web/src/lib/format, wherever the importing file sits.
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 3000,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
