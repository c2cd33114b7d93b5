import { describe, expect, it } from "vitest";
import { type BurstAttempt, burstText, percentile, readPostAnswer, tallyBurst } from "./bench-burst";

const attempt = (uid: string, n: number, outcome: BurstAttempt["outcome"], id: number | null = null): BurstAttempt => ({
  writer: 0,
  uid,
  text: burstText("t", 0, n),
  outcome,
  status: { posted: 202, limit: 429, refused: 400, "no answer": 0 }[outcome],
  id,
  ms: 10 * (n + 1),
});
const stored = (uid: string, n: number, id: number) => ({ uid, body: burstText("t", 0, n), id });
const settings = { perMinute: 3, seconds: 10 };

describe("readPostAnswer", () => {
  it("reads a posted comment's id from the single-fetch redirect", () => {
    const body = '[{"_1":2,"_3":4},"redirect","/discuss/anime:1-11#comment-201","status",302]';
    expect(readPostAnswer(202, body, "/discuss/anime:1-11")).toEqual({ outcome: "posted", id: 201 });
  });

  it("tells the limit from other refusals, and a redirect elsewhere from a post", () => {
    expect(readPostAnswer(429, "", "/discuss/anime:1-11").outcome).toBe("limit");
    expect(readPostAnswer(400, "", "/discuss/anime:1-11").outcome).toBe("refused");
    const toLogin = '["redirect","/login?redirectTo=%2Fdiscuss%2Fanime%3A1-11"]';
    expect(readPostAnswer(202, toLogin, "/discuss/anime:1-11").outcome).toBe("refused");
  });
});

describe("tallyBurst", () => {
  it("finds nothing wrong when every posted comment is stored once under its id", () => {
    const tally = tallyBurst(
      [attempt("a", 0, "posted", 1), attempt("a", 1, "posted", 2), attempt("b", 2, "posted", 3)],
      [stored("a", 0, 1), stored("a", 1, 2), stored("b", 2, 3)],
      settings,
    );
    expect(tally).toMatchObject({
      attempted: 3,
      posted: 3,
      stored: 3,
      lost: 0,
      duplicated: 0,
      storedUnanswered: 0,
      idMismatches: 0,
      mostByOneAccount: 2,
      postsPerSecond: 0.3,
    });
  });

  it("counts lost, duplicated, unanswered and misnumbered comments", () => {
    const tally = tallyBurst(
      [
        attempt("a", 0, "posted", 1),
        attempt("a", 1, "posted", 2),
        attempt("a", 2, "no answer"),
        attempt("a", 3, "posted", 9),
      ],
      [stored("a", 0, 1), stored("a", 0, 5), stored("a", 2, 6), stored("a", 3, 4)],
      settings,
    );
    expect(tally).toMatchObject({ lost: 1, duplicated: 1, storedUnanswered: 1, idMismatches: 1, noAnswer: 1 });
  });

  it("expects a refusal at the limit only from an account that has posted its limit already", () => {
    const tally = tallyBurst(
      [
        attempt("a", 0, "posted", 1),
        attempt("a", 1, "posted", 2),
        attempt("a", 2, "posted", 3),
        attempt("a", 3, "limit"),
        attempt("b", 4, "limit"),
        attempt("b", 5, "refused"),
      ],
      [stored("a", 0, 1), stored("a", 1, 2), stored("a", 2, 3)],
      settings,
    );
    expect(tally).toMatchObject({ limitRefusals: 1, unexpectedRefusals: 2, lost: 0 });
  });

  it("takes write latency percentiles over every attempt", () => {
    const attempts = Array.from({ length: 100 }, (_, n) => attempt("a", n, "limit"));
    expect(tallyBurst(attempts, [], settings)).toMatchObject({ writeP50Ms: 500, writeP99Ms: 990 });
    expect(percentile([], 0.5)).toBeNaN();
  });
});
