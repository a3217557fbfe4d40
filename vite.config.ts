import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The server bundle's entry is the whole HTTP app (server/app.ts), so routes and
  // the server share one copy of every module (router contexts compare by identity).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
