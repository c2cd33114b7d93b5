import { describe, expect, it } from "vitest";
import {
  cutText,
  formatClockDay,
  formatClockTime,
  formatDate,
  formatLanguage,
  formatMonth,
  formatMonthRange,
  formatOriginalLanguage,
  formatSite,
  wholePercent,
} from "./format";

describe("formatSite", () => {
  it("names the site a link leads to by its host, without www", () => {
    expect(formatSite("https://lanternfall.example/wn/1/1")).toBe("lanternfall.example");
    expect(formatSite("https://www.example.org/fiction/12?chapter=3")).toBe("example.org");
  });

  it("leaves what is not an address as it is", () => {
    expect(formatSite("not an address")).toBe("not an address");
  });
});

describe("formatDate and formatMonth", () => {
  it("write the same text however often a date is formatted", () => {
    for (let round = 0; round < 3; round++) {
      expect(formatDate("2016-05-25")).toBe("25 May 2016");
      expect(formatMonth("2016-05-25")).toBe("May 2016");
      expect(formatMonthRange("2014-03-01", "2014-11-30")).toBe("Mar 2014 – Nov 2014");
    }
  });

  it("leave what is not a date as it is, and say nothing is there for nothing", () => {
    expect(formatDate("soon")).toBe("soon");
    expect(formatMonth("soon")).toBe("soon");
    expect(formatDate(null)).toBe("date unknown");
  });

  it("write a date at the precision it has, never making up a day", () => {
    expect(formatDate("2016-10-12")).toBe("12 Oct 2016");
    expect(formatDate("2016-10")).toBe("Oct 2016");
    expect(formatDate("2018")).toBe("2018");
    expect(formatMonth("2018")).toBe("2018");
    expect(formatMonthRange("2014", "2014-11")).toBe("2014 – Nov 2014");
    expect(formatMonthRange(null, null)).toBe("dates unknown");
  });

  it("write a quarter as the months it holds, wherever a date is shown", () => {
    expect(["2027-Q1", "2027-Q2", "2027-Q4"].map((quarter) => formatDate(quarter))).toEqual([
      "Jan–Mar 2027",
      "Apr–Jun 2027",
      "Oct–Dec 2027",
    ]);
    // September short as British English writes it, as the months are ("Sept 2016").
    expect(formatDate("2027-Q3")).toBe("Jul–Sept 2027");
    expect(formatMonth("2027-Q2")).toBe("Apr–Jun 2027");
    expect(formatMonthRange("2027-Q2", "2027-Q2")).toBe("Apr–Jun 2027");
    // A quarter's own dash would run into the range's: the ends are joined by words.
    expect(formatMonthRange("2026-11-02", "2027-Q1")).toBe("Nov 2026 to Jan–Mar 2027");
    expect(formatMonthRange("2021-Q1", "2021-Q2")).toBe("Jan–Mar 2021 to Apr–Jun 2021");
    // Not a quarter: left as it is, as any text that is not a date.
    expect(formatDate("2027-Q5")).toBe("2027-Q5");
  });

  it("keep writing correct dates past the most they remember", () => {
    for (let day = 0; day < 6000; day++) {
      const date = new Date(Date.UTC(2000, 0, 1 + day)).toISOString().slice(0, 10);
      formatDate(date);
    }
    expect(formatDate("2016-05-25")).toBe("25 May 2016");
    expect(formatDate("2000-01-01")).toBe("1 Jan 2000");
  });
});

describe("formatClockTime", () => {
  it("writes a time on the reader's clock as the site does: 24-hour, to the minute, no seconds", () => {
    expect(formatClockTime(new Date(2026, 11, 7, 0, 50, 43))).toBe("00:50");
    expect(formatClockTime(new Date(2026, 11, 7, 14, 5, 59))).toBe("14:05");
  });
});

describe("formatClockDay", () => {
  it("writes a day and time on the reader's clock as the site writes dates and times, whatever the reader's locale", () => {
    expect(formatClockDay(new Date(2026, 8, 7, 0, 50, 43))).toBe("7 Sept 2026, 00:50");
    expect(formatClockDay(new Date(2026, 10, 30, 22, 4))).toBe("30 Nov 2026, 22:04");
  });
});

describe("cutText", () => {
  it("cuts to the length asked, never between the halves of a character", () => {
    expect(cutText("short", 140)).toBe("short");
    expect(cutText("abcdef", 3)).toBe("abc");
    // "🏮" is two code units: a cut after the first would leave half of it, which is not valid UTF-8.
    expect(cutText("ab🏮cd", 3)).toBe("ab");
    expect(cutText("ab🏮cd", 4)).toBe("ab🏮");
    const cut = cutText(`${"x".repeat(139)}🏮 lantern`, 140);
    expect(cut).toBe("x".repeat(139));
    expect(new TextDecoder().decode(new TextEncoder().encode(cut))).toBe(cut);
  });
});

describe("formatLanguage", () => {
  it("names an edition's language in English, and shows a tag it cannot name as written", () => {
    expect(formatLanguage("ja")).toBe("Japanese");
    expect(formatLanguage("en")).toBe("English");
    expect(formatLanguage("zh-Hant")).toBe("Traditional Chinese");
    expect(formatLanguage("qqq")).toBe("qqq");
    expect(formatLanguage("not a tag")).toBe("not a tag");
  });
});

describe("formatOriginalLanguage", () => {
  it("names the series' original language alone, without its script or region", () => {
    expect(formatOriginalLanguage("ja")).toBe("Japanese");
    expect(formatOriginalLanguage("ko")).toBe("Korean");
    expect(formatOriginalLanguage("zh-Hans")).toBe("Chinese");
    expect(formatOriginalLanguage("zh-Hant-TW")).toBe("Chinese");
    expect(formatOriginalLanguage("qqq")).toBe("qqq");
  });
});

describe("wholePercent", () => {
  it("rounds, but never to 100% while some is left nor to 0% once some is there", () => {
    expect(wholePercent(1, 2)).toBe(50);
    expect(wholePercent(228, 229)).toBe(99);
    expect(wholePercent(229, 229)).toBe(100);
    expect(wholePercent(1, 1000)).toBe(1);
    expect(wholePercent(0, 1000)).toBe(0);
    expect(wholePercent(0, 0)).toBe(0);
  });
});
