import { statSync } from "node:fs";
import path from "node:path";

import { described, shown, unstorableText } from "./text-problem.server";

/**
 * Whether the shop can show a picture (docs/catalogue.md#the-checks): a file express.static serves from `publicDir`, or
 * an https:// address. null when it can, else why not. Answers are kept per text: 10,000 products share a few hundred
 * pictures, and each check asks the disk.
 */
export function pictureChecker(publicDir: string): (picture: unknown) => string | null {
  const root = path.resolve(publicDir);
  const answers = new Map<string, string | null>();
  return (picture) => {
    if (typeof picture !== "string") return `must be text, not ${described(picture)}`;
    let answer = answers.get(picture);
    if (answer === undefined) {
      answer = pictureProblem(picture, root);
      answers.set(picture, answer);
    }
    return answer;
  };
}

/** A picture in a message: whole, as the owner will search the file for it (URLs can be long). */
export const shownPicture = (picture: string) => shown(picture, 500);

function pictureProblem(picture: string, root: string): string | null {
  if (picture === "") return "must not be empty";
  const unstorable = unstorableText(picture, false);
  if (unstorable) return unstorable;
  if (picture.trim() !== picture) return `must not start or end with spaces: ${shownPicture(picture)}`;
  if (/^[a-z][a-z\d+.-]*:/i.test(picture)) return addressProblem(picture);
  if (picture.startsWith("//")) return `must not start with // (another site's address): ${shownPicture(picture)}`;
  if (!picture.startsWith("/")) {
    return `must be a path under public/ starting with / (like /images/products/name-1.svg) or an https:// address, not ${shownPicture(picture)}`;
  }
  return fileProblem(picture, root);
}

function addressProblem(picture: string): string | null {
  let url: URL;
  try {
    url = new URL(picture);
  } catch {
    return `is not a valid address: ${shownPicture(picture)}`;
  }
  return url.protocol === "https:"
    ? null
    : `must be an https:// address or a path under public/, not ${shownPicture(picture)}`;
}

function fileProblem(picture: string, root: string): string | null {
  if (/[?#]/.test(picture)) return `must name a file, without ? or #: ${shownPicture(picture)}`;
  if (picture.includes("\\")) return `must use / between folders, not \\: ${shownPicture(picture)}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(picture);
  } catch {
    return `has a broken %-escape: ${shownPicture(picture)}`;
  }
  const unstorable = unstorableText(decoded, false);
  if (unstorable) return `${unstorable} (once its %-escapes are decoded)`;
  const segments = decoded.split("/").slice(1);
  if (segments.some((segment) => segment === "." || segment === "..")) {
    return `must not contain . or .. between its slashes: ${shownPicture(picture)}`;
  }
  if (segments.some((segment) => segment.startsWith("."))) {
    return `must not name a file or folder starting with . (the shop does not serve those): ${shownPicture(picture)}`;
  }
  const file = path.join(root, ...segments);
  // Belt and braces after the checks above: nothing outside the folder is ever asked about.
  if (!file.startsWith(root + path.sep)) return `must name a file under ${root}: ${shownPicture(picture)}`;
  let isFile = false;
  try {
    isFile = statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    // Unreadable (a folder we may not enter): the shop could not serve it either.
  }
  return isFile ? null : `is not a file under ${root}: ${shownPicture(picture)}`;
}
