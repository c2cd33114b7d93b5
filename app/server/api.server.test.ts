import { describe, expect, it } from "vitest";
import { clientOf } from "./api.server";

const from = (address?: string) =>
  clientOf(
    new Request("https://companion.test/api/v1/series", { headers: address ? { "CF-Connecting-IP": address } : {} }),
  );

describe("the client a rate limit counts", () => {
  it("is an IPv4 address as it is", () => {
    expect(from("203.0.113.5")).toBe("ip:203.0.113.5");
  });

  it("is an IPv6 address's /64 network, however it is written", () => {
    expect(from("2001:db8:aa:bb::1")).toBe("ip:2001:db8:aa:bb::/64");
    expect(from("2001:0DB8:00aa:00bb:ffff:1:2:3")).toBe("ip:2001:db8:aa:bb::/64");
    expect(from("2001:db8::1")).toBe("ip:2001:db8:0:0::/64");
    expect(from("::1")).toBe("ip:0:0:0:0::/64");
  });

  it("is held to an address's length, whatever a caller puts in the header", () => {
    expect(from(`203.0.113.5${"9".repeat(4000)}`).length).toBeLessThanOrEqual(48);
    expect(from(`2001:db8:aa:bb:${"f:".repeat(2000)}1`)).toBe("ip:2001:db8:aa:bb::/64");
  });

  it("is an IPv4 client however it is written", () => {
    expect(from("::ffff:203.0.113.5")).toBe("ip:203.0.113.5");
    expect(from("::FFFF:198.51.100.7")).toBe("ip:198.51.100.7");
  });

  it("is one shared client when the address is unknown", () => {
    expect(from()).toBe("ip:unknown");
  });
});
