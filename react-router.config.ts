import type { Config } from "@react-router/dev/config";

// Server rendering on Cloudflare Pages; routes are listed in app/routes.ts.
export default {
  ssr: true,
} satisfies Config;
