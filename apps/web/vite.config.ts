import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/sanctum', '/images', '/sandbox'].map((p) => [p, backend])),
  },
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true, manifest: true },
});
