/*
 * What only signed-in readers use on a thread, loaded as one chunk when one is signed in
 * (lazy-writer-tools.tsx): a signed-out reader's first load carries none of it.
 */
export { PostForm } from "./post-form";
export { CommentTools, ModeratorActions } from "./comment-actions";
