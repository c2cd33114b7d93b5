import { useEffect, useLayoutEffect } from "react";

/**
 * An effect that runs before the browser paints, so the reader never sees the moment before it
 * (a form still empty, a theme not yet applied). On the server, where nothing paints, it is a plain
 * effect: React would warn of a layout effect there.
 */
export const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;
