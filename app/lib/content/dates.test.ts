import { describe, expect, it } from "vitest";
import { dateEnd, datePrecision, dateStart, hasCome, storyDateProblem, surelyBefore } from "./dates";

describe("story dates", () => {
  it("are a day, a month or a year, each a real one", () => {
    expect(["2016-10-12", "2016-10", "2016", "2016-02-29"].map(storyDateProblem)).toEqual([null, null, null, null]);
    expect(storyDateProblem("2015-02-29")).toBe("2015-02-29 is not a day: February 2015 has 28 days");
    expect(storyDateProblem("2016-04-31")).toBe("2016-04-31 is not a day: April 2016 has 30 days");
    expect(storyDateProblem("2016-13")).toBe("2016-13 has no month 13: a month is 01 to 12");
    for (const wrong of ["16-10-12", "2016/10/12", "2016-1", "Oct 2016", "", "2016-10-12T00:00"])
      expect(storyDateProblem(wrong)).toMatch(/^must be a date written YYYY-MM-DD, YYYY-MM or YYYY/);
  });

  it("span the days they can mean", () => {
    expect(["2016-10-12", "2016-10", "2016"].map(datePrecision)).toEqual(["day", "month", "year"]);
    expect([dateStart("2016-02"), dateEnd("2016-02"), dateEnd("2015-02"), dateEnd("2016")]).toEqual([
      "2016-02-01",
      "2016-02-29",
      "2015-02-28",
      "2016-12-31",
    ]);
  });

  it("are surely before another only when no day of one can come after the other's first", () => {
    expect(surelyBefore("2016-10", "2016-11-02")).toBe(true);
    expect(surelyBefore("2016-10", "2016-10-20")).toBe(false);
    expect(surelyBefore("2016-10-20", "2016")).toBe(false);
    expect(surelyBefore("2015", "2016-01-01")).toBe(true);
  });

  it("have come on their day, or once their month or year is over", () => {
    expect(hasCome("2016-10-12", "2016-10-12")).toBe(true);
    expect(hasCome("2016-10", "2016-10-31")).toBe(false);
    expect(hasCome("2016-10", "2016-11-01")).toBe(true);
    expect(hasCome("2016", "2016-12-31")).toBe(false);
    expect(hasCome("2016", "2017-01-01")).toBe(true);
  });
});
