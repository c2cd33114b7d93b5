import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { renderCalendar } from "./icalendar";

const calendar = {
  productId: "-//Lanternfall Companion//Releases//EN",
  name: "Lanternfall Companion: release dates",
  description: "Volumes, episodes; and more",
  stamp: "2026-11-25",
  events: [
    {
      uid: "ln:main-13/en@companion.example",
      date: "2027-01-12",
      summary:
        "On sale in English: The Ash Road, Part One; a \\ long title with “quotes” and ✨ that goes on well past seventy-five octets on one line",
      description:
        "On sale in English: 12 Jan 2027.\nhttps://companion.example/light_novels?collection=main&page=2#ln-main-13",
      url: "https://companion.example/light_novels?collection=main&page=2#ln-main-13",
      categories: ["Light novel, English"],
    },
    {
      uid: "anime:1-1/first@companion.example",
      date: "2024-12-31",
      summary: "On air: Season 1 · Episode 1",
      description: "",
      url: "https://companion.example/anime",
      categories: [],
    },
  ],
};

describe("renderCalendar", () => {
  const text = renderCalendar(calendar);

  it("writes an iCalendar file a well-kept parser reads back exactly", () => {
    const parsed = new ICAL.Component(ICAL.parse(text));
    expect(parsed.getFirstPropertyValue("version")).toBe("2.0");
    expect(parsed.getFirstPropertyValue("prodid")).toBe(calendar.productId);
    const events = parsed.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.uid)).toEqual(calendar.events.map((event) => event.uid));
    expect(events[0]?.summary).toBe(calendar.events[0]?.summary);
    expect(events[0]?.description).toBe(calendar.events[0]?.description);
    // All-day events: the day itself, ending the next day (across a year's end too).
    expect(events[0]?.startDate.isDate).toBe(true);
    expect(events[0]?.startDate.toString()).toBe("2027-01-12");
    expect(events[0]?.endDate.toString()).toBe("2027-01-13");
    expect(events[1]?.endDate.toString()).toBe("2025-01-01");
    expect(events[0]?.component.getFirstPropertyValue("categories")).toBe("Light novel, English");
  });

  it("ends every line with CRLF and folds none longer than 75 octets, never inside a character", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").slice(0, -1);
    expect(lines.every((line) => !line.includes("\n") && new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    expect(text).not.toContain("\uFFFD");
  });
});
