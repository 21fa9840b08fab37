/**
 * The text-browser journey (docs/accessibility.md#text-browsers): a shopper on Debian's lynx meets a product the shop
 * has withdrawn (410), then goes home -> search ->
 * filter by price -> a misspelt search (its notice, an active filter removed) -> product (quantity) -> sign up ->
 * the confirmation mail's link (the server has no SMTP_URL, so it writes the mail to DATA_DIR/mail) ->
 * log out -> a wrong password -> sign in,
 * against the real built server on a fresh database of its own (a DATA_DIR the operator's command reaches). Every step asserts what lynx
 * shows, because that is all this shopper gets: no CSS (so visually hidden text shows), no
 * JavaScript, no ARIA.
 *
 *   npx tsx tests/text-browser/lynx-journey.ts    (BUILD_DIR, LYNX_PORT, LYNX_PATH optional)
 *
 * Pages are read with `lynx -dump`; forms are filled by keystroke scripts (`-cmd_script`) in
 * interactive sessions, and one is posted with `-post_data`. Cookies live in one jar for the run.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ACCOUNT_TOASTS, AUTH_PAGE } from "../../app/models/account/account-texts";
import { AUTH_MESSAGES } from "../../app/models/account/auth-messages";
import { PAGE_SIZE } from "../../app/models/catalogue/catalogue-query";
import { DEFAULT_PORTS } from "../../scripts/support/default-ports";
import type { Shop } from "../../scripts/support/shop-server";
import { linkIn, type MailCatcher, startMailCatcher } from "../support/mail-catcher";
import { escapeRegExp, JourneyFailure, Lynx, type LynxPage } from "./lynx";
import { ensureBuild, startBuiltServer } from "./server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const BUILD_DIR = process.env.BUILD_DIR || "build";
const PORT = Number(process.env.LYNX_PORT || DEFAULT_PORTS.lynx);
/** At most this many key features on the product page (docs/product-page.md#contents). */
const MAX_KEY_FEATURES = 5;

const HOME_HEADING = "Electronic Components & Maker Supplies";
/** "$8.95", or on sale "Now $59.95, was [DEL: $69.95 :DEL]" (lynx marks <del> with [DEL: ... :DEL]). */
const PRICE_LINE = /^(\$\d+\.\d{2}|Now \$\d+\.\d{2}, was \[DEL: \$\d+\.\d{2} :DEL\])$/;
const RATING_LINE = /^Rated \d(\.\d)? out of 5 \(\d+ reviews?\)$/;

function expectThat(condition: unknown, message: string, page?: LynxPage): asserts condition {
  if (!condition) throw new JourneyFailure(message, page);
}

interface ProductCard {
  name: string;
  url: string;
  /** The card's lines after the name, up to its Add to Cart button: category, rating, price (and description in list view). */
  details: string[];
}

/** Product cards between two headings: each card is a link to /product/<id> and the lines under it. */
function productCards(page: LynxPage, fromHeading: string, toHeading?: string): ProductCard[] {
  const start = page.lines.indexOf(fromHeading);
  expectThat(start >= 0, `The ${page.name} page has no "${fromHeading}" heading.`, page);
  const end = toHeading ? page.lines.indexOf(toHeading, start) : page.lines.length;
  expectThat(end > start, `The ${page.name} page has no "${toHeading}" heading after "${fromHeading}".`, page);
  const numbered = page.numbered.split("\n");
  const cards: ProductCard[] = [];
  for (let i = start; i < end; i++) {
    const link = /^\s*\[(\d+)\](.+)$/.exec(numbered[i]!);
    const url = link ? page.links.get(Number(link[1])) : undefined;
    if (!link || !url || !/\/product\/\d+$/.test(url)) continue;
    const details: string[] = [];
    for (let j = i + 1; j < end && !page.lines[j]!.includes("(BUTTON) Add to Cart"); j++) {
      if (page.lines[j]!.trim()) details.push(page.lines[j]!.trim());
    }
    cards.push({ name: link[2]!.trim(), url, details });
  }
  return cards;
}

const priceOf = (card: ProductCard) => card.details.find((line) => PRICE_LINE.test(line));
/** The price a card asks now, in dollars ("$8.95" or "Now $59.95, was ..."). */
const dollarsOf = (card: ProductCard) => Number(/\$(\d+\.\d{2})/.exec(priceOf(card) ?? "")?.[1] ?? Number.NaN);

/** The quantity stepper as lynx shows it: "− Decrease quantity", the number field, "+ Increase quantity". */
function stepper(page: LynxPage): { quantity: number; decrease: number; increase: number } {
  const match =
    /\(\[(\d+)\]BUTTON\) − Decrease quantity\s+\[\d+\](\d+)_*\s+\(\[(\d+)\]BUTTON\) \+ Increase quantity/.exec(
      page.numbered,
    );
  expectThat(match, `The ${page.name} page should show "− Decrease quantity", a number, "+ Increase quantity".`, page);
  return { decrease: Number(match[1]), quantity: Number(match[2]), increase: Number(match[3]) };
}

/** The shopper types a word of the product's name, as they would remember it: its longest word. */
function searchTermFor(name: string): string {
  const words = name.split(/[^A-Za-z]+/).filter((word) => word.length >= 4);
  expectThat(words.length > 0, `Cannot pick a search word from the product name "${name}".`);
  return words.reduce((longest, word) => (word.length > longest.length ? word : longest)).toLowerCase();
}

/** The signed-in header: "Signed in as" and the email on the next line, and the Logout button. */
function expectSignedIn(page: LynxPage, email: string) {
  expectThat(
    page.lineAfter("Signed in as") === email,
    `The ${page.name} page should say "Signed in as" ${email} in the header.`,
    page,
  );
  // The account menu's toggle reads "Account" (visually hidden text; lynx shows no aria-label).
  const signedInAt = page.lines.findIndex((line) => line.trim() === "Signed in as");
  expectThat(
    page.lines.slice(Math.max(0, signedInAt - 3), signedInAt).some((line) => /(^|\s)Account$/.test(line.trim())),
    `The ${page.name} page should show the account menu's toggle as "Account" before "Signed in as".`,
    page,
  );
  page.buttonNumber("Logout");
  expectThat(
    page.linkTargets("Account").length === 0,
    `The ${page.name} page should not offer the "Account" sign-in link to a signed-in shopper.`,
    page,
  );
}

function expectSignedOut(page: LynxPage) {
  expectThat(!page.hasLine("Signed in as"), `The ${page.name} page should not show a signed-in header.`, page);
  expectThat(
    page.linkUrl("Account").endsWith("/auth"),
    `The ${page.name} page's "Account" link should lead to /auth.`,
    page,
  );
}

function expectToast(page: LynxPage, { title, description }: { title: string; description: string }) {
  expectThat(
    page.lineAfter(title) === description,
    `The ${page.name} page should show the notification "${title}" followed by "${description}".`,
    page,
  );
}

function expectLandedOn(page: LynxPage, pathname: string, search = "") {
  const url = page.url;
  expectThat(url, `Cannot tell which URL the ${page.name} page is (no "Skip to main content" link).`, page);
  expectThat(
    url.pathname === pathname && url.search === search,
    `The ${page.name} page should be ${pathname}${search}, but lynx is at ${url.pathname}${url.search}.`,
    page,
  );
}

/**
 * The link in the `count`-th mail to `email` (1 = the first), as the shop sent it through SMTP to the
 * mail server this run starts (tests/support/mail-catcher.ts), waiting up to ten seconds for it.
 */
async function mailedLink(catcher: MailCatcher, email: string, count = 1): Promise<string> {
  const mails = await catcher.waitFor(email, count).catch(() => {
    throw new JourneyFailure(`Mail number ${count} to ${email} did not come within ten seconds.`);
  });
  const link = linkIn(mails[count - 1]!);
  expectThat(link.includes("/auth/confirm?"), `The mail "${mails[count - 1]!.subject}" should link to /auth/confirm.`);
  return link;
}

async function journey(lynx: Lynx, origin: string, catcher: MailCatcher, step: (name: string) => void) {
  // Home: the hero heading and four featured products, each readable as name, rating and price.
  const home = await lynx.dump("home", `${origin}/`);
  expectThat(home.hasHeading(HOME_HEADING), `The home page should have the heading "${HOME_HEADING}".`, home);
  const featured = productCards(home, "Featured Products", "Shop by Category");
  expectThat(featured.length === 4, `The home page should feature 4 products, lynx shows ${featured.length}.`, home);
  for (const card of featured) {
    expectThat(
      priceOf(card),
      `The featured product "${card.name}" shows no price lynx can read (${card.details.join(" | ")}).`,
      home,
    );
    expectThat(
      card.details.some((line) => RATING_LINE.test(line)),
      `The featured product "${card.name}" should read "Rated N out of 5 (N reviews)"; it reads: ${card.details.join(" | ")}.`,
      home,
    );
  }
  // A product on sale (and in stock) shows the "Now / was" wording on every page that follows.
  const chosen =
    featured.find((card) => priceOf(card)!.startsWith("Now ") && !card.name.endsWith(", Out of Stock")) ?? featured[0]!;
  const chosenPrice = priceOf(chosen)!;
  step(`home: "${HOME_HEADING}", 4 featured products; following "${chosen.name}" (${chosenPrice})`);

  // Search: the header's search box, reached by its field number, typed into and submitted with
  // its button, as a keyboard user of lynx does.
  const term = searchTermFor(chosen.name);
  const searchField = home.fieldAfter("Search products");
  const searchButton = home.buttonNumber("Search", searchField);
  expectThat(
    searchButton === searchField + 1,
    `The header's Search button should come right after its field (Tab moves there).`,
    home,
  );
  const results = await lynx.session("results", `${origin}/`, (keys) =>
    keys.goTo(searchField).type(term).press("Tab").press("Enter"),
  );
  expectLandedOn(results, "/products", `?search=${term}`);
  const heading = `Search Results for "${term}"`;
  expectThat(results.hasHeading(heading), `The search should land on the heading '${heading}'.`, results);
  const countLine = results.lineMatching(/^\d+ products? found$/);
  expectThat(countLine, `The results page should say "N products found".`, results);
  const found = Number.parseInt(countLine, 10);
  const resultLinks = results.allLinks().filter((link) => /\/product\/\d+$/.test(link.url));
  expectThat(
    resultLinks.length === Math.min(found, PAGE_SIZE),
    `"${countLine}" but lynx shows ${resultLinks.length} product links on the first page.`,
    results,
  );
  const chosenResult = resultLinks.find((link) => link.url === chosen.url);
  expectThat(
    chosenResult?.label === chosen.name,
    `The results for "${term}" should list "${chosen.name}" linking to ${chosen.url}.`,
    results,
  );
  step(
    `search: typed "${term}" in the header box -> "${heading}", "${countLine}", ${resultLinks.length} product links`,
  );

  // A blank search (the same form, posted with -post_data) is ignored: back where the shopper was.
  const blank = await lynx.postDump("blank search", `${origin}/search`, {
    redirectTo: new URL(chosen.url).pathname,
    search: "   ",
  });
  expectThat(blank.hasHeading(chosen.name), `A blank search from "${chosen.name}" should stay on its page.`, blank);
  step("blank search (posted with -post_data): stays on the product page");

  // Filter by price: lynx shows no range inputs (nor sends them), so the panel's price links are
  // the way; an Apply from lynx (the "In stock only" box ticked by keyboard) keeps that price.
  const catalogue = await lynx.dump("catalogue", `${origin}/products`);
  // Each shortcut says how many products it finds: "$10 to $25 (N)" (docs/catalogue.md#filters).
  const shortcut = catalogue.allLinks().find((link) => link.label.startsWith("$10 to $25"));
  const shortcutCount = /^\$10 to \$25 \((\d+)\)$/.exec(shortcut?.label ?? "")?.[1];
  expectThat(
    shortcutCount,
    `The price shortcut should read "$10 to $25 (N)", lynx shows "${shortcut?.label}".`,
    catalogue,
  );
  const priced = await lynx.dump("catalogue, $10 to $25", catalogue.linkUrl("$10 to $25"));
  expectLandedOn(priced, "/products", "?min=10&max=25");
  const pricedCount = priced.lineMatching(/^\d+ products? found$/);
  expectThat(pricedCount && Number.parseInt(pricedCount, 10) > 0, `"$10 to $25" should find some products.`, priced);
  expectThat(
    Number.parseInt(pricedCount, 10) === Number(shortcutCount),
    `"$10 to $25 (${shortcutCount})" should find ${shortcutCount} products, the page says "${pricedCount}".`,
    priced,
  );
  const expectPricesWithin = (page: LynxPage, cards: ProductCard[]) => {
    expectThat(cards.length > 0, `The ${page.name} page should list products.`, page);
    for (const card of cards) {
      const dollars = dollarsOf(card);
      expectThat(dollars >= 10 && dollars <= 25, `"${card.name}" (${priceOf(card)}) is outside $10 to $25.`, page);
    }
  };
  expectPricesWithin(priced, productCards(priced, "All Products"));
  expectThat(
    priced.hasLine("Minimum price $10") && priced.hasLine("Maximum price $25"),
    `The price range should read "Minimum price $10" and "Maximum price $25".`,
    priced,
  );
  const inStockBox = priced.checkboxNumber("In stock only");
  const applied = await lynx.session("catalogue, $10 to $25 in stock", priced.url!.href, (keys) =>
    keys.goTo(inStockBox).press("Enter").goTo(priced.buttonNumber("Apply", inStockBox)).press("Enter"),
  );
  expectLandedOn(applied, "/products", "?min=10&max=25&stock=1");
  const inStockCards = productCards(applied, "All Products");
  expectPricesWithin(applied, inStockCards);
  expectThat(
    inStockCards.every((card) => !card.name.endsWith(", Out of Stock")),
    `"In stock only" should leave out products that are out of stock.`,
    applied,
  );
  step(`price: "$10 to $25" -> "${pricedCount}"; "In stock only" + Apply keeps it: ${inStockCards.length} cards`);

  // A misspelt search, typed in the header box: the notice after the heading says what was
  // searched instead, and the results are the corrected term's.
  const misspelt = await lynx.session("misspelt search", `${origin}/`, (keys) =>
    keys.goTo(searchField).type("temprature").press("Tab").press("Enter"),
  );
  expectLandedOn(misspelt, "/products", "?search=temprature");
  const misspeltHeading = 'Search Results for "temprature"';
  expectThat(misspelt.hasHeading(misspeltHeading), `The search should land on '${misspeltHeading}'.`, misspelt);
  const notice = 'No exact match for "temprature". Showing results for "temperature".';
  expectThat(misspelt.flatText.includes(notice), `The page should say: ${notice}`, misspelt);
  expectThat(
    misspelt.flatText.indexOf(notice) > misspelt.flatText.indexOf(misspeltHeading),
    `The notice should come after the heading.`,
    misspelt,
  );
  expectThat(
    misspelt.linkUrl('Search exactly for "temprature"').endsWith("/products?search=temprature&exact=1"),
    `"Search exactly for "temprature"" should lead to the exact search.`,
    misspelt,
  );
  const corrected = productCards(misspelt, misspeltHeading).map((card) => card.name);
  for (const name of ["BME280", "DHT22"]) {
    expectThat(
      corrected.some((card) => card.startsWith(name)),
      `The corrected results should list the ${name} (lynx shows: ${corrected.join(" | ")}).`,
      misspelt,
    );
  }
  const misspeltCount = misspelt.lineMatching(/^\d+ products? found$/);
  step(`misspelt search: "temprature" -> the notice, "${misspeltCount}" for "temperature"`);

  // Active filters: a price shortcut adds one, and its "Remove filter" link takes it off alone.
  const narrowed = await lynx.dump("misspelt search, under $10", misspelt.linkUrl("Under $10"));
  expectLandedOn(narrowed, "/products", "?search=temprature&max=10");
  expectThat(
    narrowed.hasLine("Active filters"),
    `The page should list its "Active filters" above the results.`,
    narrowed,
  );
  const widened = await lynx.dump(
    "misspelt search, price filter removed",
    narrowed.linkUrl("Remove filter: Up to $10"),
  );
  expectLandedOn(widened, "/products", "?search=temprature");
  expectThat(
    widened.linkTargets("Remove filter: Up to $10").length === 0 &&
      widened.linkTargets('Remove filter: "temprature"').length === 1,
    `After "Remove filter: Up to $10" only the search should remain an active filter.`,
    widened,
  );
  const widenedCount = widened.lineMatching(/^\d+ products? found$/);
  expectThat(
    widenedCount && widenedCount === misspeltCount,
    `Without the price filter the search should find "${misspeltCount}" again, the page says "${widenedCount}".`,
    widened,
  );
  step(`active filters: "Under $10" then "Remove filter: Up to $10" -> back to "${widenedCount}"`);

  // The list view shows each result's description: the product page must show the same one.
  const listView = await lynx.dump("results (list view)", results.linkUrl("List view"));
  const listCard = productCards(listView, heading).find((card) => card.url === chosen.url);
  expectThat(listCard, `The list view of the results should still list "${chosen.name}".`, listView);
  const listDescription = listCard.details
    .filter((line) => !PRICE_LINE.test(line) && !RATING_LINE.test(line))
    .slice(1)
    .join(" ");
  expectThat(
    listDescription.length >= 40,
    `The list view should show "${chosen.name}"'s description; it reads: ${listCard.details.join(" | ")}.`,
    listView,
  );

  // Product page: name, price, stock, key features, description.
  const product = await lynx.dump("product", chosenResult.url);
  expectThat(product.hasHeading(chosen.name), `The product page should have the heading "${chosen.name}".`, product);
  expectThat(
    product.hasLine(chosenPrice),
    `The product page should read the price as on the card: "${chosenPrice}".`,
    product,
  );
  const stock = product.lineMatching(/^(In Stock \d+ units available|Out of Stock)$/);
  expectThat(stock, `The product page should read "In Stock N units available" or "Out of Stock".`, product);
  const featuresAt = product.lines.indexOf("Key features");
  expectThat(featuresAt >= 0, `The product page should have a "Key features" heading.`, product);
  const features: string[] = [];
  for (const line of product.lines.slice(featuresAt + 1)) {
    if (!line.trim()) {
      if (features.length > 0) break;
      continue;
    }
    if (!line.trim().startsWith("* ")) break;
    features.push(line.trim().slice(2));
  }
  expectThat(
    features.length >= 1 && features.length <= MAX_KEY_FEATURES,
    `The product page should list 1 to ${MAX_KEY_FEATURES} key features, lynx shows ${features.length}.`,
    product,
  );
  expectThat(
    product.flatText.includes(listDescription),
    `The product page should show the description the list view showed: "${listDescription}".`,
    product,
  );
  step(`product: "${chosen.name}", "${chosenPrice}", "${stock}", ${features.length} key features, description`);

  // The quantity stepper: + and − reload the page with the new quantity (they must not send the
  // Add to Cart form around them, whose notice would show instead).
  const productPath = new URL(chosenResult.url).pathname;
  const start = stepper(product);
  expectThat(start.quantity === 1, `The quantity should start at 1, lynx shows ${start.quantity}.`, product);
  const stepped = await lynx.session("product, quantity stepped", chosenResult.url, (keys) =>
    keys.goTo(start.increase).press("Enter").goTo(start.increase).press("Enter").goTo(start.decrease).press("Enter"),
  );
  // The page read is the first `quantity` (− also sends the field, which lynx puts in its form).
  expectThat(
    stepped.url?.pathname === productPath && stepped.url.searchParams.get("quantity") === "2",
    `+, + and − from 1 should land on ${productPath}?quantity=2, lynx is at ${stepped.url?.pathname}${stepped.url?.search}.`,
    stepped,
  );
  // Read again with -dump: a page saved in a session may show the focused field half overwritten.
  const steppedPage = await lynx.dump("product, quantity stepped (read again)", stepped.url.href);
  expectThat(stepper(steppedPage).quantity === 2, `+, + and − from 1 should show quantity 2.`, steppedPage);
  expectThat(!stepped.flatText.includes("isn't implemented yet"), "+ and − must not send Add to Cart.", stepped);
  step("quantity: + + − from 1 -> ?quantity=2, the field reads 2, no Add to Cart notice");

  // Sign up: the header's Account link, then the form's "Sign up" link.
  const signInUrl = product.linkUrl("Account");
  const signIn = await lynx.dump("sign in", signInUrl);
  expectThat(
    signIn.hasHeading("Sign in to your account"),
    `The Account link should open "Sign in to your account".`,
    signIn,
  );
  const signUpUrl = signIn.linkUrl("Sign up");
  const signUp = await lynx.dump("sign up", signUpUrl);
  expectThat(
    signUp.hasHeading("Create a new account"),
    `The "Sign up" link should open "Create a new account".`,
    signUp,
  );
  // The spam trap shows in a text browser (no CSS): it must read once, plainly, and nothing else of it.
  expectThat(
    signUp.lines.filter((line) => line.includes("Please leave this field blank")).length === 1 &&
      !signUp.flatText.includes("U2FsdGVk"),
    `The sign-up form should show the spam trap's label once and no encrypted text.`,
    signUp,
  );
  // Short enough for lynx to show whole in a 20-character field; each run has a fresh database.
  const email = "lynx@example.com";
  const password = "lynx-journey-1";
  const form = (page: LynxPage, submit: string) => {
    const emailField = page.fieldAfter("Email address");
    const passwordField = page.fieldAfter("Password");
    const button = page.buttonNumber(submit, passwordField);
    expectThat(
      passwordField === emailField + 1 && button === passwordField + 1,
      `On the ${page.name} page, Tab should lead from Email address [${emailField}] to Password [${passwordField}] to "${submit}" [${button}].`,
      page,
    );
    return emailField;
  };
  const signUpEmail = form(signUp, "Sign Up");
  const signedUp = await lynx.session("signed up", signUpUrl, (keys) =>
    keys.goTo(signUpEmail).type(email).press("Tab").type(password).press("Tab").press("Enter"),
  );
  expectLandedOn(signedUp, "/");
  expectToast(signedUp, ACCOUNT_TOASTS.signedUp);
  // Signed in only once the address is confirmed (SIGN_UP_CONFIRMATION=required, the default).
  expectSignedOut(signedUp);
  step(`sign up at ${new URL(signUpUrl).pathname}${new URL(signUpUrl).search}: "Account created!", still signed out`);

  // The confirmation mail's link, as the shopper would open it from their mail: confirmed and signed in.
  const link = await mailedLink(catcher, email);
  expectThat(
    link.startsWith(`${origin}/auth/confirm?token_hash=`),
    `The confirmation link should start with ${origin}/auth/confirm?token_hash=, not ${link}.`,
  );
  const confirmed = await lynx.dump("confirmed", link);
  expectLandedOn(confirmed, "/");
  expectToast(confirmed, ACCOUNT_TOASTS.confirmed);
  expectSignedIn(confirmed, email);
  expectThat(
    /\t__session\t/.test(lynx.cookieJar()),
    `After following the confirmation link, lynx's cookie jar should hold the __session cookie.`,
  );
  step(`the mailed link: "Email confirmed", header "Signed in as ${email}"`);

  // The next page, from the jar: still signed in, and the notification was shown once only.
  const later = await lynx.dump("home, signed in", `${origin}/`);
  expectSignedIn(later, email);
  expectThat(
    !later.hasLine("Email confirmed"),
    `The "Email confirmed" notification should show once, not on the next page.`,
    later,
  );

  // Log out: the account menu's Logout button (lynx shows the menu's contents in the header).
  const loggedOut = await lynx.session("logged out", `${origin}/`, (keys) =>
    keys.goTo(later.buttonNumber("Logout")).press("Enter"),
  );
  expectLandedOn(loggedOut, "/");
  expectToast(loggedOut, ACCOUNT_TOASTS.loggedOut);
  expectSignedOut(loggedOut);
  step(`log out: "Logged Out", the header offers "Account" again`);

  // A wrong password: refused, with the email kept in its field and the password not.
  const signInEmail = form(signIn, "Sign In");
  const refused = await lynx.session("refused sign-in", signInUrl, (keys) =>
    keys.goTo(signInEmail).type(email).press("Tab").type("not-the-password").press("Tab").press("Enter"),
  );
  expectThat(
    refused.hasHeading("Sign in to your account"),
    `After a wrong password the sign-in form should show again.`,
    refused,
  );
  expectToast(refused, { title: AUTH_PAGE["sign-in"].failure, description: AUTH_MESSAGES.invalidCredentials });
  expectThat(
    refused.lines.some((line) => new RegExp(`^\\s*Email address ${escapeRegExp(email)}_*$`).test(line)),
    `After a wrong password the Email address field should still hold ${email}.`,
    refused,
  );
  expectThat(
    refused.lines.some((line) => /^\s*Password _+$/.test(line)),
    `After a wrong password the Password field should be empty.`,
    refused,
  );
  expectSignedOut(refused);
  step(`wrong password: "Sign in Failed", the email kept in its field`);

  // A lost password: "Forgot your password?" under the form, the mailed link, a new password.
  const forgotUrl = refused.linkUrl("Forgot your password?");
  const forgot = await lynx.dump("forgot password", forgotUrl);
  expectThat(
    forgot.hasHeading("Reset your password"),
    `"Forgot your password?" should open "Reset your password".`,
    forgot,
  );
  const forgotEmail = forgot.fieldAfter("Email address");
  const resetAsked = await lynx.session("reset link asked for", forgotUrl, (keys) =>
    keys.goTo(forgotEmail).type(email).press("Tab").press("Enter"),
  );
  expectToast(resetAsked, ACCOUNT_TOASTS.resetSent);
  const resetLink = await mailedLink(catcher, email, 2);
  const choose = await lynx.dump("choose a new password", resetLink);
  expectThat(
    choose.hasHeading("Choose a new password"),
    `The mailed reset link should open "Choose a new password", not ${choose.url?.pathname}.`,
    choose,
  );
  const newPassword = "lynx-journey-2";
  const changed = await lynx.session("password changed", choose.url!.href, (keys) =>
    keys.goTo(choose.fieldAfter("New password")).type(newPassword).press("Tab").press("Enter"),
  );
  expectLandedOn(changed, "/");
  expectToast(changed, ACCOUNT_TOASTS.passwordChanged);
  expectSignedIn(changed, email);
  const again = await lynx.dumpError("the reset link again", resetLink);
  expectThat(again.status === 403, `A used reset link should answer 403, not ${again.status}.`, again.page);
  step(`forgot password: "Check your email", the mailed link, a new password: "Password changed", signed in`);
  await lynx.session("logged out again", `${origin}/`, (keys) =>
    keys.goTo(changed.buttonNumber("Logout")).press("Enter"),
  );

  // Sign in, with the new password.
  const signedIn = await lynx.session("signed in", signInUrl, (keys) =>
    keys.goTo(signInEmail).type(email).press("Tab").type(newPassword).press("Tab").press("Enter"),
  );
  expectLandedOn(signedIn, "/");
  expectToast(signedIn, ACCOUNT_TOASTS.signedIn);
  expectSignedIn(signedIn, email);
  step(`sign in: "Welcome back!", header "Signed in as ${email}"`);
}

/** The BME280 breakout (supabase/seed.sql), withdrawn with the operator's command while the shop runs. */
async function withdrawnProduct(lynx: Lynx, origin: string, dataDir: string, step: (name: string) => void) {
  const catalogue = (command: string) =>
    execFileSync(process.execPath, ["--import", "tsx", "scripts/catalogue.ts", command, "55"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SUPABASE_URL: "", SUPABASE_ANON_KEY: "" },
    });
  catalogue("withdraw");
  const { page, status } = await lynx.dumpError("a withdrawn product", `${origin}/product/55`);
  expectThat(status === 410, `A withdrawn product's page should answer 410 Gone, not ${status}.`, page);
  expectThat(
    page.lines.includes("BME280 Temperature, Humidity & Pressure Breakout"),
    "The withdrawn product's page should still name it, as its heading.",
    page,
  );
  expectThat(page.flatText.includes("We no longer sell this product."), "It should say it is no longer sold.", page);
  const category = page.linkTargets("Browse Sensors")[0];
  expectThat(category === `${origin}/products/sensors`, `"Browse Sensors" should lead to /products/sensors.`, page);
  catalogue("relist");
  step(`withdrawn product: 410, "We no longer sell this product.", "Browse Sensors"`);
}

async function main() {
  await ensureBuild(ROOT, BUILD_DIR);
  const workDir = mkdtempSync(path.join(tmpdir(), "makervolt-lynx-"));
  const dataDir = path.join(workDir, "data");
  let server: Shop | null = null;
  // The shop mails through a real SMTP server, as in production (SMTP_URL), which keeps what it gets.
  const catcher = await startMailCatcher();
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void Promise.all([server?.stop(), catcher.stop()]).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);

  let failed = false;
  try {
    server = await startBuiltServer(ROOT, BUILD_DIR, PORT, dataDir, { SMTP_URL: catcher.url });
    const lynx = new Lynx({ workDir, lynxPath: process.env.LYNX_PATH });
    console.log(`lynx journey against ${server.origin} (${BUILD_DIR}/)`);
    let since = Date.now();
    const step = (name: string) => {
      console.log(`  ✓ ${name} (${((Date.now() - since) / 1000).toFixed(1)} s)`);
      since = Date.now();
    };
    await withdrawnProduct(lynx, server.origin, dataDir, step);
    await journey(lynx, server.origin, catcher, step);
    console.log("lynx journey passed");
  } catch (error) {
    failed = true;
    console.error(`\n  ✗ ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof JourneyFailure && error.page) {
      console.error(`\n--- what lynx showed (${error.page.name}) ---\n${error.page.excerpt()}\n---`);
    }
    if (server) console.error(`\n--- the server's last output ---\n${server.lastOutput()}\n---`);
    console.error(`\nlynx's configuration, cookie jar, keystroke scripts and saved pages are kept in ${workDir}`);
  } finally {
    await server?.stop();
    await catcher.stop();
    if (!failed) rmSync(workDir, { recursive: true, force: true });
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
