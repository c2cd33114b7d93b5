import type { Config } from "@react-router/dev/config";

// Server rendering on Cloudflare Pages; routes are listed in app/routes.ts.
export default {
  ssr: true,
  // The bench builds a second copy elsewhere to measure the framework's floor (scripts/lib/bench-floor.ts).
  ...(process.env.BUILD_DIRECTORY ? { buildDirectory: process.env.BUILD_DIRECTORY } : {}),
} satisfies Config;
