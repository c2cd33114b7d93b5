const statusTexts: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  414: "URI Too Long",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** What a page without a form answers (a POST there is a 405 with this as its `Allow`). */
export const PAGE_METHODS = ["GET", "HEAD"] as const;

/** What an address without a form says to one: the methods it does take. */
export function takesNoForm(address: string) {
  return `${address} takes no form: it answers ${PAGE_METHODS.join(" and ")} only.`;
}

export function statusText(status: number) {
  return statusTexts[status] ?? (status >= 500 ? "Internal Server Error" : "Error");
}

/** Shows a path as a reader typed it: percent-escapes decoded where they form valid text. */
export function displayPath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
