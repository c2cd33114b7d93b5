/** Formatting shared by server and browser, fixed to one locale and UTC so both render the same. */

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-GB");

/** The most formatted values an isolate (or a browser tab) keeps per function, and the longest it keeps. */
const MEMO_LIMIT = 5000;
const MEMO_LONGEST = 200;

/**
 * A formatter that remembers what it wrote. Formatting a date costs about 10 µs and reading an address
 * about 1 µs, and a page formats the same chapters' dates and links on every request; the values come
 * from the content, so the memo holds a few thousand at most (and starts over should it ever fill).
 */
function remembered(format: (value: string) => string) {
  const memo = new Map<string, string>();
  return (value: string) => {
    let text = memo.get(value);
    if (text === undefined) {
      text = format(value);
      if (value.length > MEMO_LONGEST) return text;
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(value, text);
    }
    return text;
  };
}

/** A quarter of a year as its months: 2027-Q2 → Apr–Jun 2027 (decision 69). */
function quarterOf(isoDate: string) {
  return `${quarterMonths[Number(isoDate.charAt(6)) - 1]} ${isoDate.slice(0, 4)}`;
}

/** Each quarter's months, short as the months format writes them ("Sept 2016"). */
const quarterMonths = ["Jan–Mar", "Apr–Jun", "Jul–Sept", "Oct–Dec"];

/**
 * A date at the precision it has (app/lib/content/dates.ts): a year is its number, a quarter its months,
 * a month its month.
 */
function formatted(isoDate: string, format: Intl.DateTimeFormat) {
  if (/^\d{4}$/.test(isoDate)) return isoDate;
  if (/^\d{4}-Q[1-4]$/.test(isoDate)) return quarterOf(isoDate);
  const month = /^\d{4}-\d{2}$/.test(isoDate);
  const date = new Date(`${month ? `${isoDate}-01` : isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return (month ? monthFormat : format).format(date);
}

const dayOf = remembered((isoDate) => formatted(isoDate, dateFormat));

const monthOf = remembered((isoDate) => formatted(isoDate, monthFormat));

const siteOf = remembered((url) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
});

/** A time on the reader's own clock (the browser's zone), in the site's words and to the minute: 00:50. */
const clockFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** When something happened on the reader's clock, as the site writes a time: 00:50, 14:05 (no seconds). */
export function formatClockTime(at: Date) {
  return clockFormat.format(at);
}

const clockDayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** The day and time something happened on the reader's clock, as the site writes them: 7 Sept 2026, 00:50. */
export function formatClockDay(at: Date) {
  return clockDayFormat.format(at);
}

/**
 * A date at the precision it has: 2016-05-25 → 25 May 2016, 2016-05 → May 2016, 2027-Q2 → Apr–Jun 2027,
 * 2016 → 2016; a date not known (null) → "date unknown", never a day made up.
 */
export function formatDate(isoDate: string | null | undefined) {
  if (!isoDate) return "date unknown";
  return dayOf(isoDate);
}

/**
 * The month of a date (a quarter stays its months, a year-only date its year): 2016-05-25 → May 2016,
 * 2027-Q2 → Apr–Jun 2027, 2016 → 2016.
 */
export function formatMonth(isoDate: string | null | undefined) {
  if (!isoDate) return "—";
  return monthOf(isoDate);
}

export function formatNumber(value: number) {
  return numberFormat.format(value);
}

/**
 * `part` of `total` in whole percent, as a reader takes it: never 100% while some is left (228 of 229
 * chapters), nor 0% once some is there.
 */
export function wholePercent(part: number, total: number) {
  const percent = Math.round((part / Math.max(1, total)) * 100);
  if (part < total && percent === 100) return 99;
  if (part > 0 && percent === 0) return 1;
  return percent;
}

/**
 * A date range such as "Mar 2014 – Nov 2014"; an end that is a quarter, a dash of its own, is joined by
 * "to": "Nov 2026 to Jan–Mar 2027"; "dates unknown" where none is known.
 */
export function formatMonthRange(from: string | null, to: string | null) {
  if (!from) return "dates unknown";
  const start = formatMonth(from);
  const end = formatMonth(to);
  if (start === end) return start;
  return start.includes("–") || end.includes("–") ? `${start} to ${end}` : `${start} – ${end}`;
}

/** The site a link leads to, as a reader knows it: https://www.example.org/wn/1 → example.org. */
export function formatSite(url: string) {
  return siteOf(url);
}

/**
 * The text cut to at most `max` UTF-16 code units, never inside a character: a cut between the two
 * halves of a surrogate pair (an emoji, a rarer CJK character) would store text that is not valid UTF-8.
 */
export function cutText(text: string, max: number) {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, end);
}

const languageNames = new Intl.DisplayNames(["en-GB"], { type: "language", fallback: "code" });

/** A language tag as a reader names it: "ja" → "Japanese", "pt-BR" → "Brazilian Portuguese"; an unknown tag as it is. */
export function formatLanguage(tag: string) {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    // A tag Intl cannot read (the pack's check refuses most) is shown as written.
    return tag;
  }
}

/**
 * The series' original language as the site's sentences name it ("differ from the Korean", a volume's
 * "Japanese" date beside its "English" one): the language alone, without its script or region, so
 * "zh-Hant" is "Chinese" (an edition's own language keeps them: formatLanguage).
 */
export function formatOriginalLanguage(tag: string) {
  return formatLanguage(tag.split("-")[0]!);
}
