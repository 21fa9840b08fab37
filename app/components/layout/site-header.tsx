import { useRef } from "react";
import { Form, Link, type LinkProps, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import { NoticeButton } from "~/components/forms/notice-form";
import { useDetailsMenu } from "~/components/layout/details-menu";
import { BoltIcon, CartIcon, ChevronDownIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from "~/components/ui/icons";
import { cataloguePath } from "~/models/catalogue/catalogue-query";
import { CATEGORIES } from "~/models/catalogue/categories";
import { SHOP_NAME } from "~/models/site/shop";

/** The cart is not built yet: its badge is fixed at 0 (docs/pages.md#header). */
const CART_COUNT = 0;

// These and `site-header`, `cart-count`, `menu-toggle`, `menu-panel` and `search-…` are in
// tailwind.css: the header is on every page, several of them more than once.
const iconButton = "icon-button hover:bg-slate-100 hover:text-brand-700";
const navItem = "nav-item hover:bg-slate-100 hover:text-brand-700";

/** The signed-in shopper the account menu names. */
export interface HeaderUser {
  email: string;
}

/** The site header (docs/pages.md#header): links, native forms and `<details>` menus, working without JavaScript. */
export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <header className="site-header">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-2 px-3 sm:px-6 lg:gap-4 lg:px-8">
        <Link
          to="/"
          aria-label={`${SHOP_NAME} home`}
          className="-ml-1 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-1 text-lg font-bold tracking-tight text-slate-900"
        >
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
            <BoltIcon className="h-5 w-5" />
          </span>
          {SHOP_NAME}
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5">
            <li>
              <CategoriesMenu />
            </li>
            <li>
              <HeaderLink to="/about" className={navItem}>
                About
              </HeaderLink>
            </li>
            <li>
              <HeaderLink to="/contact" className={navItem}>
                Contact
              </HeaderLink>
            </li>
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 md:flex-1 md:justify-end">
          {/* A block around the flex form, hidden on narrow screens only where the mobile menu's
              search is drawn instead (narrow-hidden, tailwind.css). */}
          <div className="narrow-hidden w-full max-w-xs lg:max-w-sm">
            <SearchForm inputId="header-search" className="flex" />
          </div>
          {/* Icon controls are named by text, not aria-label: text browsers (lynx) ignore ARIA and
              would show an unnamed button or drop the link altogether. The text is hidden only
              where the icon can be drawn (`icon-label`, tailwind.css). */}
          <NoticeButton feature="cart" className={iconButton}>
            <CartIcon className="h-6 w-6" />
            {/* The spaces between, not inside, the words: an engine that shows them needs them there. */}
            <span className="icon-label">Cart,</span> <span className="cart-count">{CART_COUNT}</span>{" "}
            <span className="icon-label">items</span>
          </NoticeButton>
          {user ? (
            <AccountMenu email={user.email} />
          ) : (
            <Link to="/auth" className={iconButton}>
              <UserIcon className="h-6 w-6" />
              <span className="icon-label">Account</span>
            </Link>
          )}
          {/* Flex drops this space; without it text browsers run "Account" into "Menu". */} <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * A link marked aria-current="page" on its own page. Not NavLink: the header draws twenty on every page, and NavLink
 * resolves and matches each one's path, costlier than this string comparison (ADR 044). Routes match without regard
 * to case or a trailing slash, so the comparison does too.
 */
function HeaderLink({ to, ...props }: LinkProps & { to: string }) {
  const here = useLocation()
    .pathname.replace(/(.)\/+$/, "$1")
    .toLowerCase();
  return <Link to={to} aria-current={here === to ? "page" : undefined} {...props} />;
}

function CategoriesMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(ref, { openOnHover: true });
  return (
    <details ref={ref} className="group relative">
      <summary className={`${navItem} gap-1`}>
        Categories
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="absolute left-0 top-full z-50 w-60 pt-1">
        <ul className="rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
          {CATEGORIES.map((category, i) => (
            <li key={category.slug}>
              {/* Every category is one route: the first link is enough to discover it (ADR 013). */}
              <HeaderLink
                to={cataloguePath(category.slug)}
                discover={i === 0 ? "render" : "none"}
                className="menu-link hover:bg-brand-50 hover:text-brand-700"
              >
                {category.title}
              </HeaderLink>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/** The signed-in shopper's menu (docs/accounts.md#account-menu), a `<details>` disclosure. */
function AccountMenu({ email }: { email: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(ref);
  return (
    <details ref={ref} className="relative">
      {/* Named by text, not aria-label, so text browsers show the control too (`icon-label`). */}
      <summary className={iconButton}>
        <UserIcon className="h-6 w-6" />
        <span className="icon-label">Account</span>
      </summary>
      <div className="absolute right-0 top-full z-50 w-72 max-w-[calc(100vw-1.5rem)] pt-1">
        <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Signed in as</p>
          <p className="mt-1 break-all text-sm font-medium text-slate-900">{email}</p>
          <Form method="post" action="/logout" className="mt-3 border-t border-slate-200 pt-3">
            <AuthenticityTokenInput />
            <button
              type="submit"
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Logout
            </button>
          </Form>
        </div>
      </div>
    </details>
  );
}

// Full width; `nav-item`'s padding (a px-2 here was always outweighed by its px-3).
const mobileItem = `${navItem} w-full`;

/** The narrow screens' menu; its links repeat the Main navigation's, so they need not discover routes (ADR 013). */
function MobileMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsMenu(ref);
  return (
    <details ref={ref} className="group md:hidden">
      <summary className="menu-toggle hover:bg-slate-100 hover:text-brand-700">
        <MenuIcon className="h-6 w-6 group-open:hidden" />
        <CloseIcon className="hidden h-6 w-6 group-open:block" />
        {/* Narrow phones have room for the icon only; the word stays for assistive technology. */}
        <span className="icon-label min-[400px]:not-sr-only">Menu</span>
      </summary>
      <div className="menu-panel">
        <SearchForm inputId="mobile-search" className="flex" />
        <nav aria-label="Mobile" className="mt-4">
          <p id="mobile-categories" className="px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">
            Categories
          </p>
          <ul aria-labelledby="mobile-categories" className="mt-1 grid grid-cols-1 gap-0.5 min-[360px]:grid-cols-2">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <HeaderLink to={cataloguePath(category.slug)} discover="none" className={mobileItem}>
                  {category.title}
                </HeaderLink>
              </li>
            ))}
          </ul>
          <ul className="mt-3 border-t border-slate-200 pt-3">
            <li>
              <HeaderLink to="/about" discover="none" className={mobileItem}>
                About
              </HeaderLink>
            </li>
            <li>
              <HeaderLink to="/contact" discover="none" className={mobileItem}>
                Contact
              </HeaderLink>
            </li>
          </ul>
        </nav>
      </div>
    </details>
  );
}

/** Posts to `/search`, which sends a blank term back here (`redirectTo`). */
function SearchForm({ inputId, className = "" }: { inputId: string; className?: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/search" role="search" className={`relative ${className}`}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={inputId} className="icon-label">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="search"
        placeholder="Search products..."
        autoComplete="off"
        enterKeyHint="search"
        className="search-input focus:border-brand-600"
      />
      <button type="submit" className="search-button hover:text-brand-700">
        <SearchIcon className="h-5 w-5" />
        <span className="icon-label">Search</span>
      </button>
    </Form>
  );
}
