/**
 * fast-check generators for what a visitor can put in a request: hostile text, form bodies in the
 * wrong shape, wrong content types. Shared by the property, load and fault tests in workerd.
 */
import fc from "fast-check";

/** Markup that must come back escaped; `probe` is what a test looks for unescaped in the page. */
export const probe = "x-probe";
const markup = [
  `<${probe}>`,
  `"><${probe} onerror=alert(1)>`,
  `'><script>${probe}</script>`,
  `</title><${probe}>`,
  `javascript:${probe}`,
  `<!--<${probe}>-->`,
  `]]><${probe}>`,
  `</script><${probe}>`,
];

/** Text people and bots send: Unicode, control characters, markup, SQL and LIKE metacharacters, path tricks, numbers that are not. */
const tricky = fc.constantFrom(
  ...markup,
  "' OR 1=1 --",
  "%_%\\",
  "../../etc/passwd",
  "%2e%2e%2f%2e%2e%2f",
  "//evil.example/x",
  "/\\evil.example",
  "https://evil.example",
  "\u0000",
  "\r\nSet-Cookie: x=1",
  "\u202e\u200b\ufeff",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏮",
  "-1",
  "0",
  "1e309",
  "NaN",
  "0x10",
  "007",
  "9".repeat(40),
  "ln:main-1",
  "anime:1-1",
  "wn:1-1",
  "main_v1",
  "null",
  "[]",
  "{}",
);

/** One hostile value: tricky constants, any Unicode, control characters, or a long word. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: tricky, weight: 4 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc.string({
      unit: fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f", "\t", "\n", "\r", "%", "<", "&", '"'),
      maxLength: 20,
    }),
    weight: 1,
  },
  // A pasted URL or a word far longer than a field allows (49 bytes broke a LIKE pattern once).
  {
    arbitrary: fc
      .tuple(fc.constantFrom("a", "ü", "漢", "%", "<x>"), fc.integer({ min: 40, max: 3000 }))
      .map(([unit, times]) => unit.repeat(times)),
    weight: 1,
  },
  // Tricky text inside ordinary text.
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), tricky, fc.string({ maxLength: 10 }))
      .map((parts) => parts.join("")),
    weight: 2,
  },
);

/** Huge values, for the size limits: 100 KB to 1.2 MB. */
export const hugeText = fc
  .tuple(fc.constantFrom("a", "é", "<", "漢字 "), fc.integer({ min: 100_000, max: 1_200_000 }))
  .map(([unit, bytes]) => unit.repeat(Math.ceil(bytes / new TextEncoder().encode(unit).length)));

/** A query string: known parameter names and random ones, values hostile, names repeated. */
export function queryString(names: readonly string[]) {
  const name = fc.oneof({ arbitrary: fc.constantFrom(...names), weight: 4 }, { arbitrary: hostileText, weight: 1 });
  return fc.array(fc.tuple(name, hostileText), { maxLength: 5 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, value] of pairs) params.append(key, value);
    return params.toString();
  });
}

/** A path segment (a route parameter), percent-encoded as a browser would send it, or raw tricks a client can send. */
export const pathSegment = fc.oneof(
  { arbitrary: hostileText.filter((text) => text.length > 0).map(encodeURIComponent), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      "..",
      ".",
      "%2e%2e",
      "%00",
      "%",
      "%zz",
      "a%2fb",
      "a;b",
      "~",
      "main_v0",
      "main_v99999999999",
      "_v1",
      "main_v",
    ),
    weight: 1,
  },
);

function isBrowserFieldName(text: string) {
  const control = [...text].some((character) => character.charCodeAt(0) < 0x20 || character === "\u007f");
  return text.length > 0 && !control && !text.endsWith("\\");
}

/**
 * Form fields: the route's own names and others, hostile values, some names repeated, some left out.
 * Names are what a browser form can carry: non-empty, no control characters (a browser escapes them),
 * no trailing backslash (workerd's FormData cannot encode one). Other names make a malformed body:
 * see `bodyShape`.
 */
export function formFields(names: readonly string[]) {
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...names), weight: 5 },
    { arbitrary: hostileText.filter(isBrowserFieldName), weight: 1 },
  );
  const value = fc.oneof({ arbitrary: hostileText, weight: 8 }, { arbitrary: hugeText, weight: 1 });
  return fc.array(fc.tuple(name, value), { maxLength: 12 });
}

/** The body a form sends, or what a script sends instead: wrong content types, broken multipart, no body. */
export type BodyShape =
  "multipart" | "urlencoded" | "json" | "text" | "broken-multipart" | "wrong-boundary" | "odd-part-names" | "none";
export const bodyShape = fc.constantFrom<BodyShape>(
  "multipart",
  "multipart",
  "urlencoded",
  "json",
  "text",
  "broken-multipart",
  "wrong-boundary",
  "odd-part-names",
  "none",
);

/** Builds a request body and its headers for a shape; `fields` are what a form would have carried. */
export function encodeBody(
  shape: BodyShape,
  fields: ReadonlyArray<readonly [string, string]>,
): { body?: BodyInit; headers: Record<string, string> } {
  switch (shape) {
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      return { body: form, headers: {} };
    }
    case "urlencoded":
      return {
        body: new URLSearchParams(fields.map(([name, value]) => [name, value])).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      };
    case "json":
      return { body: JSON.stringify(Object.fromEntries(fields)), headers: { "Content-Type": "application/json" } };
    case "text":
      return {
        body: fields.map(([name, value]) => `${name}=${value}`).join("\n"),
        headers: { "Content-Type": "text/plain" },
      };
    case "broken-multipart":
      return {
        body: `--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated`,
        headers: { "Content-Type": "multipart/form-data; boundary=b" },
      };
    case "wrong-boundary":
      return {
        body: `--a\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--a--\r\n`,
        headers: { "Content-Type": "multipart/form-data" },
      };
    case "odd-part-names": {
      // Parts named as no browser names them (empty, a NUL, a line break): workerd's formData() throws on them.
      const form = new FormData();
      for (const [name, value] of fields) form.append(name, value);
      for (const name of ["", "\u0000", "\r\nX-Injected: 1"]) form.append(name, "x");
      return { body: form, headers: {} };
    }
    case "none":
      return { headers: {} };
  }
}

/** Where a POST claims to come from: this site, another site, an opaque origin, or nothing said. */
export type OriginShape = "same" | "cross" | "null" | "none" | "same-site-header" | "cross-site-header";
export const originShape = fc.constantFrom<OriginShape>(
  "same",
  "same",
  "same",
  "cross",
  "null",
  "none",
  "same-site-header",
  "cross-site-header",
);

export function originHeaders(shape: OriginShape, siteOrigin: string): Record<string, string> {
  switch (shape) {
    case "same":
      return { Origin: siteOrigin };
    case "cross":
      return { Origin: "https://evil.example" };
    case "null":
      return { Origin: "null" };
    case "none":
      return {};
    case "same-site-header":
      return { "Sec-Fetch-Site": "same-origin" };
    case "cross-site-header":
      return { "Sec-Fetch-Site": "cross-site" };
  }
}

/** Runs per property: enough to find shallow breakage on every run, few enough to keep `npm test` fast. */
export const RUNS = { light: 25, normal: 40 } as const;
