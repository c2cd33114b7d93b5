import { z } from "zod";

/** A toast queued by the server for the next page the browser shows. */
export const flashToastSchema = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(200),
  description: z.string().max(1000).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});

export type FlashToast = z.infer<typeof flashToastSchema>;
