/*
 * When an episode aired, as its broadcaster gives it: a local date and time ("2020-04-05T00:30") in the
 * broadcaster's IANA time zone ("Asia/Tokyo"), and how long it runs. A broadcast after midnight that a
 * Japanese listing writes "24:30" on the 4th is written as the day its clock showed, 00:30 on the 5th
 * (decision 43): one instant has one way to be written, and the date is the broadcaster's date, the one
 * the release radar, its feeds and its calendar list it on. Nothing here makes up a time or a length.
 */
import { storyDateProblem } from "./dates";

/** A broadcast's local date and time as a pack writes it. */
export const airedAtPattern = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** The longest runtime a pack may give, in minutes: a long film; anything longer is a typo (seconds?). */
export const MAX_RUNTIME = 600;

/** A day after `day` (YYYY-MM-DD). */
function nextDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Why a text is not a broadcast's local date and time, in a sentence an operator understands, or null:
 * "2020-04-04T24:30 has no hour 24: a broadcast listed as 24:30 on 2020-04-04 is written as the day its
 * clock showed, 2020-04-05T00:30".
 */
export function airedAtProblem(value: string): string | null {
  const parts = airedAtPattern.exec(value);
  if (!parts) return "must be the broadcast's local date and time written YYYY-MM-DDTHH:MM, such as 2020-04-05T00:30";
  const [, day = "", hour = "", minute = ""] = parts;
  const dayProblem = storyDateProblem(day);
  if (dayProblem) return dayProblem;
  if (Number(minute) > 59) return `${value} has no minute ${minute}: a minute is 00 to 59`;
  const hours = Number(hour);
  if (hours >= 24 && hours < 30) {
    const clock = `${String(hours - 24).padStart(2, "0")}:${minute}`;
    return `${value} has no hour ${hour}: a broadcast listed as ${hour}:${minute} on ${day} is written as the day its clock showed, ${nextDay(day)}T${clock}`;
  }
  if (hours >= 24) return `${value} has no hour ${hour}: an hour is 00 to 23`;
  return null;
}

/** A broadcast's local date and time split into the broadcaster's date and its clock time. */
export function splitAiredAt(value: string): { day: string; time: string } {
  return { day: value.slice(0, 10), time: value.slice(11, 16) };
}

/**
 * Why a text is not an IANA time zone the site can use, or null: "Asia/Tokyo" and "UTC" are; a
 * misspelt zone or an offset ("+09:00") is not; an abbreviation ("JST") or a zone in the wrong case is
 * told the zone's name.
 */
export function timeZoneProblem(zone: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return `${zone} is not a time zone: write the broadcaster's IANA time zone, such as Asia/Tokyo or America/New_York (not an abbreviation such as JST, nor an offset)`;
  }
  // An abbreviation the runtime knows ("JST") or another case resolves to a zone of another name.
  if (resolved !== zone) return `${zone} is not a time zone as the IANA list writes it: write ${resolved}`;
  return null;
}

/**
 * Why a number is not an episode's runtime in minutes, or null: whole minutes from 1 to MAX_RUNTIME.
 */
export function runtimeProblem(minutes: number): string | null {
  if (!Number.isInteger(minutes))
    return `${minutes} is not a whole number of minutes: round it (a runtime is in minutes)`;
  if (minutes < 1)
    return `${minutes} is not a runtime: an episode runs at least 1 minute (leave runtime out when it is not known)`;
  if (minutes > MAX_RUNTIME)
    return `${minutes} minutes is more than ${MAX_RUNTIME} (ten hours): a runtime is written in minutes, not seconds`;
  return null;
}

/** A time zone as a reader knows it: "Asia/Tokyo" → "Tokyo time", "UTC" → "UTC". */
export function timeZoneName(zone: string) {
  const place = zone.split("/").at(-1) ?? zone;
  return zone.includes("/") ? `${place.replaceAll("_", " ")} time` : zone;
}

/** A broadcast's local time with its zone: "00:30 Tokyo time". */
export function airTimeLabel(time: string, zone: string) {
  return `${time} ${timeZoneName(zone)}`;
}

/** A runtime as a reader reads it: "24 min", "90 min". */
export function runtimeLabel(minutes: number) {
  return `${minutes} min`;
}
