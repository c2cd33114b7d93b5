/**
 * Audits the production dependencies (`npm audit --omit=dev`): fails on a high or critical advisory
 * when the advisory data is reachable, and says plainly when it is not (a registry or mirror without
 * the audit endpoint, no network). `AUDIT_REQUIRED=1` makes an unreachable audit a failure too (CI
 * with network should set it).
 */
import { answerHelp } from "./lib/cli";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

answerHelp(
  "Usage: tsx scripts/audit.ts   (npm audit of the production dependencies; AUDIT_REQUIRED=1 fails when it cannot be reached)",
);

export type AuditVerdict =
  | { kind: "clean"; counts: Record<string, number> }
  | { kind: "vulnerable"; counts: Record<string, number>; findings: string[] }
  | { kind: "unreachable"; reason: string };

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity?: string; via?: unknown[]; range?: string }>;
  message?: string;
  statusCode?: number;
  error?: unknown;
}

const blocking = new Set(["high", "critical"]);

/** Reads `npm audit --json` output: the advisory counts, or why there are none. */
export function judgeAudit(stdout: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return {
      kind: "unreachable",
      reason: stdout.trim() ? "npm audit did not answer with JSON" : "npm audit printed nothing",
    };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const message = report.message ?? "no advisory data in the answer";
    const status = report.statusCode && !message.startsWith(String(report.statusCode)) ? `${report.statusCode}: ` : "";
    return { kind: "unreachable", reason: `${status}${message}` };
  }
  const findings = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => blocking.has(entry.severity ?? ""))
    .map(([name, entry]) => `${name} (${entry.severity}${entry.range ? `, ${entry.range}` : ""})`);
  const blockingCount = (counts.high ?? 0) + (counts.critical ?? 0);
  return blockingCount > 0 ? { kind: "vulnerable", counts, findings } : { kind: "clean", counts };
}

function main() {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", timeout: 120_000 });
  const verdict = judgeAudit(result.stdout ?? "");
  switch (verdict.kind) {
    case "clean":
      console.log(
        `Dependency audit (production packages): no high or critical advisories. ${JSON.stringify(verdict.counts)}`,
      );
      return 0;
    case "vulnerable":
      console.error(
        `Dependency audit (production packages): high or critical advisories. ${JSON.stringify(verdict.counts)}`,
      );
      for (const finding of verdict.findings) console.error(`  ${finding}`);
      console.error("Run `npm audit --omit=dev` for the advisories and fixes.");
      return 1;
    case "unreachable": {
      const required = process.env.AUDIT_REQUIRED === "1";
      console.warn(
        `Dependency audit NOT DONE: the advisory data is unreachable (${verdict.reason}).${required ? "" : " Set AUDIT_REQUIRED=1 to fail on this."}`,
      );
      return required ? 1 : 0;
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main());
