import { type RouteConfig, index, route } from "@remix-run/route-config";

// One module per URL. Areas add themselves here and in app/lib/areas.ts.
export default [
  index("routes/home.tsx"),
  route("privacy_policy", "routes/privacy-policy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
