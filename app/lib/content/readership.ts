/** A readership group with fewer readers than this is never shown, so no one reader can be picked out. */
export const MIN_BUCKET = 5;

/**
 * Readership counts a reader only once their first save is this many days old and they have saved
 * progress on more than one day: accounts made in a minute cannot fill a group up to MIN_BUCKET.
 */
export const ESTABLISHED_AFTER_DAYS = 7;

/** The rule in the page's words. */
export const countedReadersRule = `Only readers who first saved their progress at least ${ESTABLISHED_AFTER_DAYS} days ago and have saved it on more than one day are counted, so new accounts cannot make up a group.`;
