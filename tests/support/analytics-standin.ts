import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";

export interface RecordedEvent {
  event: string;
  pathname: string | undefined;
  url: string | undefined;
  distinctId: string | undefined;
  /** The browser's User-Agent header, which tells apart browsers sending at the same time. */
  userAgent: string | undefined;
}

/** Decodes a PostHog request body: gzip-js batches, base64 form posts (beacons) or plain JSON. */
function decode(body: Buffer, url: URL): unknown {
  if (!body.length) return null;
  // Gzip is told by its magic bytes as well as by the query: a beacon sent as a page closes may not carry it.
  const gzipped = url.searchParams.get("compression") === "gzip-js" || (body[0] === 0x1f && body[1] === 0x8b);
  if (gzipped) return JSON.parse(gunzipSync(body).toString("utf8"));
  const text = body.toString("utf8");
  if (text.startsWith("data=")) {
    const data = decodeURIComponent(new URLSearchParams(text).get("data") ?? "");
    return JSON.parse(
      url.searchParams.get("compression") === "base64" ? Buffer.from(data, "base64").toString("utf8") : data,
    );
  }
  return JSON.parse(text);
}

/**
 * A stand-in for the analytics host on 127.0.0.1: answers CORS, accepts the library's batches and
 * beacons, and records every event it receives and the User-Agent of every request.
 */
export async function startAnalyticsStandIn(port: number) {
  const events: RecordedEvent[] = [];
  const requestAgents: Array<string | undefined> = [];
  const server: Server = createServer((request, response) => {
    const userAgent = request.headers["user-agent"];
    requestAgents.push(userAgent);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.setHeader("Access-Control-Allow-Origin", request.headers.origin ?? "*");
      response.setHeader("Access-Control-Allow-Credentials", "true");
      response.setHeader("Access-Control-Allow-Headers", "Content-Type");
      response.setHeader("Content-Type", "application/json");
      const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);
      if (request.method === "POST" && /^\/(e|i\/v0\/e|batch|capture|track)\/?$/.test(url.pathname)) {
        const payload = decode(Buffer.concat(chunks), url);
        const batch = Array.isArray(payload) ? payload : ((payload as { batch?: unknown[] })?.batch ?? [payload]);
        for (const item of batch as Array<{ event: string; properties?: Record<string, string> }>) {
          events.push({
            event: item.event,
            pathname: item.properties?.$pathname,
            url: item.properties?.$current_url,
            distinctId: item.properties?.distinct_id,
            userAgent,
          });
        }
      }
      response.end(request.method === "OPTIONS" ? "" : "{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    events,
    /** The events sent by browsers with this User-Agent. */
    eventsFrom: (userAgent: string) => events.filter((event) => event.userAgent === userAgent),
    /** How many requests arrived, of any kind; with a User-Agent, only those of browsers with it. */
    requestCount: (userAgent?: string) =>
      userAgent === undefined ? requestAgents.length : requestAgents.filter((agent) => agent === userAgent).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
