import { textParts } from "~/lib/discussion/comment-text";

/**
 * A comment's text as written: line breaks kept, addresses drawn as links that search engines do not
 * follow and that tell the page they open nothing of the site. Never HTML: every part is text.
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-line break-words [overflow-wrap:anywhere]">
      {textParts(text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} rel="nofollow ugc noopener noreferrer" className="text-primary underline">
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
