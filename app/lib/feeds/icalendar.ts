/**
 * A minimal iCalendar writer (RFC 5545): a published calendar of all-day events, enough for release
 * dates a calendar app subscribes to.
 */

export interface CalendarEvent {
  uid: string;
  /** The day it happens (YYYY-MM-DD); the event lasts that whole day. */
  date: string;
  summary: string;
  description: string;
  url: string;
  categories: string[];
}

export interface Calendar {
  /** Names the program that wrote it: "-//Site//Releases//EN". */
  productId: string;
  name: string;
  description: string;
  /** When the calendar was written, stamped on every event (YYYY-MM-DD). */
  stamp: string;
  events: CalendarEvent[];
}

/** A TEXT value: backslashes, semicolons, commas and line breaks escaped; control characters dropped. */
function text(value: string) {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/\\/g, "\\\\")
      .replace(/;/g, "\\;")
      .replace(/,/g, "\\,")
      .replace(/\r?\n/g, "\\n")
  );
}

const encoder = new TextEncoder();

/** A content line folded so no line is longer than 75 octets, never splitting a character. */
function fold(line: string) {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // Continuation lines start with a space, which counts towards their 75.
    if (octets + size > 75) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

const day = (date: string) => date.replaceAll("-", "");

function nextDay(date: string) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function renderCalendar(calendar: Calendar) {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${text(calendar.productId)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-CALDESC:${text(calendar.description)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT12H",
    "X-PUBLISHED-TTL:PT12H",
    ...calendar.events.flatMap((event) => [
      "BEGIN:VEVENT",
      `UID:${text(event.uid)}`,
      `DTSTAMP:${day(calendar.stamp)}T000000Z`,
      `DTSTART;VALUE=DATE:${day(event.date)}`,
      `DTEND;VALUE=DATE:${day(nextDay(event.date))}`,
      `SUMMARY:${text(event.summary)}`,
      `DESCRIPTION:${text(event.description)}`,
      `URL:${event.url}`,
      ...(event.categories.length ? [`CATEGORIES:${event.categories.map(text).join(",")}`] : []),
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
