/**
 * The areas of the site, in navigation order. An area is listed only once its pages exist.
 */
export interface Area {
  path: string;
  label: string;
  summary: string;
}

export const areas: Area[] = [
  { path: "/web_novel", label: "Web novel", summary: "Arcs and chapters: dates, word counts, where to read, which volume adapts them." },
  { path: "/light_novels", label: "Light novels", summary: "Collections and volumes: release dates, ISBNs, chapters and web novel coverage." },
  { path: "/side_stories", label: "Side stories", summary: "Side volumes, short stories, store bonuses and IF routes, in reading order." },
  { path: "/break_time", label: "Break Time", summary: "The chibi shorts, beside the anime episodes they accompany." },
  { path: "/characters", label: "Characters", summary: "The whole cast: search by name or alias, filter by affiliation." },
  { path: "/reading_tracker", label: "Tracker", summary: "Your progress in every medium, what to read next, and the spoiler shield." },
  { path: "/statistics", label: "Statistics", summary: "The series in numbers, and how far other readers are." },
  { path: "/translation_meta", label: "Translation notes", summary: "Where the official English light novels and anime differ from the Japanese." },
];

export const footerLinks: Area[] = [
  { path: "/privacy_policy", label: "Privacy policy", summary: "Exactly what is stored and sent, and the analytics opt-out." },
];
