/**
 * Copies each content pack's images into public/media/<pack>/ (git-ignored), so that Vite serves
 * them in development and ships them with the static build. Runs before every build.
 */
import { answerHelp } from "./lib/cli";
import { cpSync, existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";

answerHelp("Usage: tsx scripts/copy-media.ts   (copies the images of each pack into public/media/<pack>/)");

rmSync("public/media", { recursive: true, force: true });
for (const pack of readdirSync("content", { withFileTypes: true })) {
  const images = join("content", pack.name, "images");
  if (pack.isDirectory() && existsSync(images)) cpSync(images, join("public/media", pack.name), { recursive: true });
}
