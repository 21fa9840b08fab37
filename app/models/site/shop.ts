/** The shop's name, used in titles, the header and structured data. One constant. */
export const SHOP_NAME = "MakerVolt";

/** `{heading} - MakerVolt`, the title pattern for every page. */
export function pageTitle(heading: string): string {
  return `${heading} - ${SHOP_NAME}`;
}
