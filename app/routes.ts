import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One module per URL. Areas add themselves here and in app/lib/areas.ts.
export default [
  index("routes/home.tsx"),
  route("web_novel", "routes/web-novel.tsx"),
  route("light_novels", "routes/light-novels.tsx"),
  route("side_stories", "routes/side-stories.tsx"),
  route("break_time", "routes/break-time.tsx"),
  route("characters", "routes/characters.tsx"),
  route("characters/:slug", "routes/character.tsx"),
  route("search", "routes/search.tsx"),
  route("translation_meta", "routes/translation-meta.tsx"),
  route("translation_meta/ln_mistls", "routes/translation-meta.ln.tsx"),
  route("translation_meta/ln_mistls/:slug", "routes/translation-meta.ln-page.tsx"),
  route("translation_meta/anime_mistls", "routes/translation-meta.anime.tsx"),
  route("translation_meta/feed.xml", "routes/translation-meta.feed.ts"),
  route("reading_tracker", "routes/reading-tracker.tsx"),
  route("statistics", "routes/statistics.tsx"),
  route("statistics/readership", "routes/statistics.readership.tsx"),
  route("login", "routes/login.tsx"),
  route("auth/session", "routes/auth.session.ts"),
  route("auth/logout", "routes/auth.logout.ts"),
  route("feedback_hub", "routes/feedback-hub.tsx", [
    index("routes/feedback-hub._index.tsx"),
    route("triage", "routes/feedback-hub.triage.tsx"),
    route(":form", "routes/feedback-hub.form.tsx"),
  ]),
  route("resources/similar-mistakes", "routes/resources.similar-mistakes.ts"),
  route("resources/progress", "routes/resources.progress.ts"),
  route("resources/timeline", "routes/resources.timeline.ts"),
  route("privacy_policy", "routes/privacy-policy.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
