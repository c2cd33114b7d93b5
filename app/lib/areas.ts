/**
 * The areas of the site, in navigation order. An area is listed only once its pages exist.
 */
export interface Area {
  path: string;
  label: string;
  summary: string;
}

export const areas: Area[] = [];

export const footerLinks = [{ path: "/privacy_policy", label: "Privacy policy" }];
