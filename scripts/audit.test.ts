import { describe, expect, it } from "vitest";
import { judgeAudit } from "./audit";

describe("judgeAudit", () => {
  it("fails on high and critical advisories, naming the packages", () => {
    const verdict = judgeAudit(
      JSON.stringify({
        vulnerabilities: { jose: { severity: "high", range: "<6.0.1" }, clsx: { severity: "low" } },
        metadata: { vulnerabilities: { info: 0, low: 1, moderate: 0, high: 1, critical: 0, total: 2 } },
      }),
    );
    expect(verdict).toEqual({
      kind: "vulnerable",
      counts: expect.objectContaining({ high: 1 }),
      findings: ["jose (high, <6.0.1)"],
    });
  });

  it("passes when only low or moderate advisories exist", () => {
    const verdict = judgeAudit(
      JSON.stringify({
        vulnerabilities: {},
        metadata: { vulnerabilities: { low: 2, moderate: 1, high: 0, critical: 0 } },
      }),
    );
    expect(verdict.kind).toBe("clean");
  });

  it("says the data is unreachable when the registry has no audit endpoint", () => {
    // What this machine's registry answers: 405 on the bulk advisory endpoint.
    const verdict = judgeAudit(
      JSON.stringify({
        message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
        statusCode: 405,
      }),
    );
    expect(verdict).toEqual({
      kind: "unreachable",
      reason: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    });
    expect(judgeAudit("").kind).toBe("unreachable");
    expect(judgeAudit("npm error network").kind).toBe("unreachable");
  });
});
