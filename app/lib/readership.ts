/** A readership group with fewer readers than this is never shown, so no one reader can be picked out. */
export const MIN_BUCKET = 5;
