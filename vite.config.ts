// Vite builds the client (app + module worker); in dev it proxies the API and websocket to the server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = `http://127.0.0.1:${process.env.API_PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  build: { outDir: 'dist', sourcemap: true, target: 'es2022' },
  server: {
    proxy: {
      '/api': api,
      '/v1/api': api,
      '/v1/ws': { target: api.replace('http', 'ws'), ws: true },
      '/uploads': api,
      '/logos': api,
    },
  },
});
