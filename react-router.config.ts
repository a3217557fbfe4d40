import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (e.g. two test runs) keep apart; normally "build".
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
