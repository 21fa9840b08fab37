export const CATEGORIES = [
  { slug: "audio", title: "Audio" },
  { slug: "components", title: "Components" },
  { slug: "development-boards", title: "Development Boards" },
  { slug: "displays", title: "Displays" },
  { slug: "iot-wireless", title: "IoT & Wireless" },
  { slug: "robotics", title: "Robotics" },
  { slug: "sensors", title: "Sensors" },
  { slug: "tools", title: "Tools" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

const titles = new Map<string, string>(CATEGORIES.map((c) => [c.slug, c.title]));

export function isCategorySlug(value: unknown): value is CategorySlug {
  return typeof value === "string" && titles.has(value);
}

/** The category's display title, or undefined for an unknown slug. */
export function categoryTitle(slug: string): string | undefined {
  return titles.get(slug);
}
