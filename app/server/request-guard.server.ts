import { MAX_PATH_LENGTH } from "~/lib/addresses";
import { MAX_COOKIE_HEADER_LENGTH } from "./cookies.server";
import { crossSiteMessage, isSameOrigin } from "./origin.server";

const allowedMethods = ["GET", "HEAD", "POST"];
/** The bodies the site's forms send; actions read them with request.formData(). */
const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refusal(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ message }, { status, headers });
}

/**
 * Checks a request before React Router sees it, so requests no route should handle are refused with a
 * 4xx and a short message instead of failing inside an action (the framework's own origin check, or
 * request.formData() on a body that is not a form, would otherwise answer 400 without a word or 500).
 * Returns the refusal, or null to go on. An empty POST without a Content-Type (sign-out's fetch) is
 * read as an empty form: its Content-Type is set, which every action can then parse.
 */
export async function refuseRequest(request: Request): Promise<Response | null> {
  if ((request.headers.get("Cookie")?.length ?? 0) > MAX_COOKIE_HEADER_LENGTH) {
    return refusal(431, "The cookies sent to this site are too large. Clear this site's cookies and reload.");
  }
  if (new URL(request.url).pathname.length > MAX_PATH_LENGTH) {
    return refusal(414, `This address is too long: addresses on this site are shorter than ${MAX_PATH_LENGTH.toLocaleString("en")} characters.`);
  }
  if (!allowedMethods.includes(request.method)) {
    return refusal(405, `${request.method} is not used here. Pages answer GET; forms are sent with POST.`, { Allow: allowedMethods.join(", ") });
  }
  if (request.method !== "POST") return null;
  if (!isSameOrigin(request)) return refusal(403, crossSiteMessage);

  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!type) {
    const size = request.body ? (await request.clone().arrayBuffer()).byteLength : 0;
    if (size > 0) return refusal(415, "Send the form as a form (application/x-www-form-urlencoded or multipart/form-data).");
    request.headers.set("Content-Type", formTypes[0]!);
    return null;
  }
  if (!formTypes.includes(type)) {
    return refusal(415, "Send the form as a form (application/x-www-form-urlencoded or multipart/form-data).");
  }
  try {
    await request.clone().formData();
  } catch {
    return refusal(400, "The form could not be read. Please send it again.");
  }
  return null;
}
