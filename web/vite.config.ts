import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./build/bundle-budget.js";

// The dashboard's build: `npm run build:web` (scripts/build-web.mjs), into web/dist, which the service
// serves at `/` (src/http/dashboard.ts) under a strict Content-Security-Policy: so no inline script or
// style may come out of here, and nothing is inlined as a data: URL.
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  plugins: [react(), bundleBudget()],
  // `npm run dev:web`: the app with live reload on :5173, its API calls passed to the service `npm start`
  // runs (the dev server sets no policy; the built app is what runs under it).
  server: { port: 5173, strictPort: true, proxy: { "/api": "http://127.0.0.1:8080" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Every browser this targets preloads modules itself; the polyfill would be an inline-free but
    // needless extra in the entry chunk.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
