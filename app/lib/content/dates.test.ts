import { describe, expect, it } from "vitest";
import {
  dateEnd,
  dateOrder,
  datePrecision,
  dateStart,
  hasCome,
  machineDate,
  storyDateProblem,
  surelyBefore,
} from "./dates";

describe("story dates", () => {
  it("are a day, a month or a year, each a real one", () => {
    expect(["2016-10-12", "2016-10", "2016", "2016-02-29"].map(storyDateProblem)).toEqual([null, null, null, null]);
    expect(storyDateProblem("2015-02-29")).toBe("2015-02-29 is not a day: February 2015 has 28 days");
    expect(storyDateProblem("2016-04-31")).toBe("2016-04-31 is not a day: April 2016 has 30 days");
    expect(storyDateProblem("2016-13")).toBe("2016-13 has no month 13: a month is 01 to 12");
    for (const wrong of ["16-10-12", "2016/10/12", "2016-1", "Oct 2016", "", "2016-10-12T00:00"])
      expect(storyDateProblem(wrong)).toMatch(
        /^must be a date written YYYY-MM-DD, YYYY-MM, YYYY-Qn \(a quarter\) or YYYY/,
      );
  });

  it("may be a quarter of a year, Q1 to Q4", () => {
    expect(["2027-Q1", "2027-Q2", "2027-Q3", "2027-Q4"].map(storyDateProblem)).toEqual([null, null, null, null]);
    expect(storyDateProblem("2027-Q0")).toBe("2027-Q0 has no quarter 0: a quarter is Q1 to Q4");
    expect(storyDateProblem("2027-Q5")).toBe("2027-Q5 has no quarter 5: a quarter is Q1 to Q4");
    for (const wrong of ["2027-q2", "2027-Q", "2027-Q12", "2027Q2", "Q2 2027", "2027-Q2-01"])
      expect(storyDateProblem(wrong)).toMatch(/^must be a date written/);
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

  it("as a quarter, span its three months", () => {
    expect(datePrecision("2027-Q2")).toBe("quarter");
    expect(
      ["2027-Q1", "2027-Q2", "2027-Q3", "2027-Q4"].map((quarter) => [dateStart(quarter), dateEnd(quarter)]),
    ).toEqual([
      ["2027-01-01", "2027-03-31"],
      ["2027-04-01", "2027-06-30"],
      ["2027-07-01", "2027-09-30"],
      ["2027-10-01", "2027-12-31"],
    ]);
    expect(surelyBefore("2027-Q1", "2027-04-01")).toBe(true);
    expect(surelyBefore("2027-Q2", "2027-06-30")).toBe(false);
    expect(surelyBefore("2027-05", "2027-Q2")).toBe(false);
    expect(surelyBefore("2027-03-31", "2027-Q2")).toBe(true);
    expect(surelyBefore("2027-Q2", "2027-Q3")).toBe(true);
  });

  it("sort by the earliest they can be, a quarter among the months", () => {
    const dates = ["2028", "2027-12-31", "2027-Q4", "2027-05-10", "2027-Q2", "2027-04", "2027-03-31", "2027"];
    expect(dates.toSorted((a, b) => dateOrder(a).localeCompare(dateOrder(b)) || a.localeCompare(b))).toEqual([
      "2027",
      "2027-03-31",
      "2027-04",
      "2027-Q2",
      "2027-05-10",
      "2027-Q4",
      "2027-12-31",
      "2028",
    ]);
    // A page's <time> can state no quarter: it states the quarter's year, true of each of its days.
    expect([machineDate("2027-Q2"), machineDate("2027-04"), machineDate("2027-04-01")]).toEqual([
      "2027",
      "2027-04",
      "2027-04-01",
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

  it("as a quarter, have come once the quarter is over", () => {
    expect(hasCome("2027-Q2", "2027-04-01")).toBe(false);
    expect(hasCome("2027-Q2", "2027-06-30")).toBe(false);
    expect(hasCome("2027-Q2", "2027-07-01")).toBe(true);
    expect(hasCome("2027-Q4", "2027-12-31")).toBe(false);
    expect(hasCome("2027-Q4", "2028-01-01")).toBe(true);
  });
});
