/**
 * Told to a select whose chosen option a script set (no "change" comes of that: a list's filters following
 * the address after Back), so a select that draws its choice itself (./wrapping-select.tsx) shows the
 * option now chosen.
 */
export const CHOICE_SET = "rc:choice-set";
