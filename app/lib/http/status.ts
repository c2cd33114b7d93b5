import { data } from "react-router";

export { displayPath } from "./display-path";

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

/**
 * What a page's loader or action throws to show the error page with this status: `value` (a message,
 * or what the page needs to say what is missing) with the status's own reason phrase. React Router
 * would otherwise name any thrown data() an "Internal Server Error", and that travels in the page's
 * hydration data and `.data` answer even when the status is 404.
 */
export function errorPage<Value>(status: number, value: Value) {
  return data(value, { status, statusText: statusText(status) });
}
