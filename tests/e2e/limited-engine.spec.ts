import type { Browser, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { asLimitedEngineReadsIt } from "./limited-css";

/**
 * Every page in a limited browser engine (docs/accessibility.md#limited-browsers): the shop's
 * stylesheet as an engine without flexbox, grid, positioning, custom properties or `@supports`
 * reads it (limited-css.ts), on the server's HTML (such engines run no script, so this runs in the
 * "no-js" project only: @no-js-only). On each page, at a desktop and a phone width:
 *
 * - nothing is drawn over anything else: no two boxes of visible text or controls overlap;
 * - nothing the full stylesheet shows is lost: every link, button and field Chromium shows with
 *   the shop's real stylesheet has a box inside the page;
 * - every control is named by something the engine draws: its own text, a visible label, an
 *   image's text. Not an icon, a placeholder or a visually hidden label.
 *
 * NetSurf and Dillo themselves are looked at in screenshots (scripts/limited-browser-screenshots.sh).
 */

const PAGES = [
  "/",
  "/products",
  "/products/sensors?sort=price-asc&view=list",
  "/products?search=oled",
  "/product/1",
  "/product/7",
  "/about",
  "/contact",
  "/auth",
  "/auth?mode=sign-up",
  "/no-such-page",
];

const WIDTHS = [1280, 320] as const;

/** What the page shows, measured in it (see describePage). */
interface PageReport {
  /** Every control in document order, and whether it has a box inside the page. */
  shown: { what: string; shown: boolean }[];
  overlaps: string[];
  unnamed: string[];
}

/**
 * Runs in the page. Boxes are clipped by ancestors that clip (overflow other than visible), so
 * text a box cuts off counts only where it shows. Two boxes overlap when they share more than
 * 2 px each way (lines of one paragraph touch; that is not an overlap).
 */
function describePage(): PageReport {
  const CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  type Box = { left: number; top: number; right: number; bottom: number };
  const pageWidth = document.documentElement.scrollWidth;

  /** What `from` and its ancestors let show: each one whose overflow is not visible cuts off what is outside it. */
  const clipOf = (from: Element | null): Box => {
    let clip: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
    for (let up = from; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const r = up.getBoundingClientRect();
      clip = {
        left: Math.max(clip.left, r.left),
        top: Math.max(clip.top, r.top),
        right: Math.min(clip.right, r.right),
        bottom: Math.min(clip.bottom, r.bottom),
      };
    }
    return clip;
  };
  /** `rects` of `el` (a text's element, or a control), as far as they show. */
  const visibleBoxes = (rects: Iterable<DOMRect>, el: Element, clip: Box): Box[] => {
    // Not drawn: hidden, or inside a closed <details> (whose content Chromium still lays out, unseen).
    if (!el.checkVisibility({ visibilityProperty: true })) return [];
    const boxes: Box[] = [];
    for (const r of rects) {
      const box = {
        left: Math.max(r.left, clip.left),
        top: Math.max(r.top, clip.top),
        right: Math.min(r.right, clip.right),
        bottom: Math.min(r.bottom, clip.bottom),
      };
      if (box.right - box.left >= 1 && box.bottom - box.top >= 1) boxes.push(box);
    }
    return boxes;
  };

  interface Item {
    el: Element;
    boxes: Box[];
    what: string;
  }
  const texts: Item[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, noscript, template")) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const boxes = visibleBoxes(range.getClientRects(), parent, clipOf(parent));
    if (boxes.length) texts.push({ el: parent, boxes, what: `"${text.slice(0, 40)}"` });
  }
  for (const img of document.querySelectorAll("img[alt]:not([alt=''])")) {
    const boxes = visibleBoxes([img.getBoundingClientRect()], img, clipOf(img.parentElement));
    if (boxes.length) texts.push({ el: img, boxes, what: `image "${img.getAttribute("alt")}"` });
  }

  const describe = (el: Element) => {
    const name = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${name || el.getAttribute("name") || ""}"`;
  };
  const controls: Item[] = [...document.querySelectorAll(CONTROLS)].map((el) => ({
    el,
    boxes: visibleBoxes([el.getBoundingClientRect()], el, clipOf(el.parentElement)),
    what: describe(el),
  }));

  const overlaps: string[] = [];
  const items = [...texts, ...controls];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!;
      const b = items[j]!;
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const touching = a.boxes.some((p) =>
        b.boxes.some(
          (q) =>
            Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 &&
            Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2,
        ),
      );
      if (touching) overlaps.push(`${a.what} overlaps ${b.what}`);
    }
  }

  const shown = controls.map(({ boxes, what }) => ({
    what,
    shown: boxes.length > 0 && boxes.every((box) => box.left >= -1 && box.right <= pageWidth + 1),
  }));

  const drawnText = (within: Element) => texts.some((t) => within === t.el || within.contains(t.el));
  const unnamed = controls
    .filter(({ boxes }) => boxes.length > 0)
    .filter(({ el }) => {
      if (drawnText(el)) return false;
      if (el instanceof HTMLInputElement && ["submit", "button", "reset"].includes(el.type) && el.value) return false;
      const labels = "labels" in el ? [...((el as HTMLInputElement).labels ?? [])] : [];
      return !labels.some(drawnText);
    })
    .map(({ what }) => what);

  return { shown, overlaps: [...new Set(overlaps)], unnamed };
}

/** The page at `path` and `width`, as the server sent it, with `stylesheet` in place of the shop's own. */
async function reportOf(browser: Browser, path: string, width: number, limited: boolean): Promise<PageReport> {
  // Script on for the measuring only: the app's own bundles are blocked, as no-js pages are audited (fixtures.ts).
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width, height: 900 } });
  try {
    const page: Page = await context.newPage();
    await page.route("**/assets/**/*.js", (route) => route.abort());
    if (limited) {
      await page.route("**/assets/**/*.css", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: asLimitedEngineReadsIt(await response.text()) });
      });
    }
    await page.goto(path);
    return await page.evaluate(describePage);
  } finally {
    await context.close();
  }
}

test.describe("in a limited browser engine", () => {
  // Two renderings of eleven pages at two widths.
  test.describe.configure({ timeout: 120_000 });

  for (const width of WIDTHS) {
    test(
      `every page reads in normal flow at ${width} px: nothing overlaps, nothing is lost, every control is named`,
      {
        tag: "@no-js-only",
      },
      async ({ browser }) => {
        // Only in the "no-js" project (@no-js-only), by design: the engines it stands for run no script.
        const problems: string[] = [];
        for (const path of PAGES) {
          const full = await reportOf(browser, path, width, false);
          const limited = await reportOf(browser, path, width, true);
          for (const overlap of limited.overlaps) problems.push(`${path}: ${overlap}`);
          for (const control of limited.unnamed) problems.push(`${path}: ${control} has no name the engine draws`);
          full.shown.forEach(({ shown }, i) => {
            if (shown && !limited.shown[i]?.shown)
              problems.push(`${path}: ${limited.shown[i]?.what ?? `control ${i}`} is lost (no box inside the page)`);
          });
          expect(limited.shown.length, `${path}: the same controls`).toBe(full.shown.length);
        }
        expect(problems, problems.join("\n")).toEqual([]);
      },
    );
  }
});
