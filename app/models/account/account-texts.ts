import { SHOP_NAME } from "../site/shop";
import { PASSWORD_LENGTH } from "./auth-messages";

/** What a shopper reads about their account, in one place: the pages, toasts and mails (docs/accounts.md). */

/** Hours a link in a mail may be followed: as GoTrue's defaults (docs/accounts.md#links-in-mails). */
export const CONFIRMATION_LINK_HOURS = 24;
export const RECOVERY_LINK_HOURS = 1;

function hours(count: number): string {
  return count === 1 ? "one hour" : `${count} hours`;
}

export const ACCOUNT_TOASTS = {
  /** The specification's words, for every sign-up whatever became of it (no enumeration). */
  signedUp: { title: "Account created!", description: "Please check your email to verify your account." },
  signedIn: { title: "Welcome back!", description: "You've successfully signed in." },
  loggedOut: { title: "Logged Out", description: "You have been successfully logged out." },
  signOutFailed: "Sign out Failed",
  confirmed: { title: "Email confirmed", description: "Your email address is confirmed and you are signed in." },
  confirmationSent: {
    title: "Check your email",
    description: "If that address has an account waiting for confirmation, we have sent it a new link.",
  },
  resetSent: {
    title: "Check your email",
    description: `If that address has a ${SHOP_NAME} account, we have sent it a link to choose a new password. The link works for ${hours(RECOVERY_LINK_HOURS)}.`,
  },
  passwordChanged: {
    title: "Password changed",
    description: "Your password has been changed and you are signed in. Every other session has been signed out.",
  },
  resetFailed: "Password reset Failed",
  requestFailed: "Request Failed",
} as const;

/** /auth's two modes (docs/accounts.md#sign-in-and-sign-up). */
export const AUTH_PAGE = {
  "sign-in": {
    heading: "Sign in to your account",
    submit: "Sign In",
    failure: "Sign in Failed",
    switchPrompt: "Don't have an account?",
    switchLabel: "Sign up",
    description: `Sign in to your ${SHOP_NAME} account with your email and password.`,
  },
  "sign-up": {
    heading: "Create a new account",
    submit: "Sign Up",
    failure: "Sign up Failed",
    switchPrompt: "Already have an account?",
    switchLabel: "Sign in",
    description: `Create a ${SHOP_NAME} account with your email and a password of at least ${PASSWORD_LENGTH.min} characters.`,
  },
} as const;

export const ACCOUNT_PAGES = {
  /** /auth/forgot asks for a reset link; /auth/forgot?link=signup for a new confirmation link. */
  sendLink: {
    recovery: {
      heading: "Reset your password",
      intro: "Enter the email address of your account and we will send you a link to choose a new password.",
      submit: "Send reset link",
    },
    signup: {
      heading: "Confirm your email address",
      intro: "Enter the email address you signed up with and we will send you a new link to confirm it.",
      submit: "Send confirmation link",
    },
  },
  forgotLink: "Forgot your password?",
  emailLabel: "Email address",
  passwordLabel: "Password",
  passwordHint: `At least ${PASSWORD_LENGTH.min} characters.`,
  reset: {
    heading: "Choose a new password",
    passwordLabel: "New password",
    intro: `Choose a new password of at least ${PASSWORD_LENGTH.min} characters. Every other session of your account will be signed out.`,
    submit: "Change password",
  },
  linkInvalid: {
    heading: "This link no longer works",
    intro:
      "The link has expired, was already used, or is not complete. " +
      `Links to confirm an email work for ${hours(CONFIRMATION_LINK_HOURS)}, ` +
      `links to reset a password for ${hours(RECOVERY_LINK_HOURS)}, and each works once.`,
    unavailableHeading: "This link could not be checked",
    resendConfirmation: "Send a new confirmation link",
    resendRecovery: "Send a new reset link",
  },
  resend: "Send the link again",
} as const;

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain-text part and a simple HTML part saying the same (docs/accounts.md#mail). */
function mail(subject: string, paragraphs: string[], link?: { label: string; href: string }): MailContent {
  const text = [...paragraphs, ...(link ? [`${link.label}:\n${link.href}`] : []), `— ${SHOP_NAME}`].join("\n\n");
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const action = link
    ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>\n<p>Or copy this address into your browser: ${escapeHtml(link.href)}</p>\n`
    : "";
  const html =
    `<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body>\n<h1>${escapeHtml(subject)}</h1>\n${body}\n${action}<p>— ${SHOP_NAME}</p>\n</body>\n</html>\n`;
  return { subject, text: `${text}\n`, html };
}

export function confirmationMail(link: string): MailContent {
  return mail(
    `Confirm your ${SHOP_NAME} account`,
    [
      `Someone, probably you, created a ${SHOP_NAME} account with this email address.`,
      `Follow the link below within ${hours(CONFIRMATION_LINK_HOURS)} to confirm the address and sign in. ` +
        "If it was not you, ignore this mail: the account stays unconfirmed.",
    ],
    { label: "Confirm your email address", href: link },
  );
}

export function recoveryMail(link: string): MailContent {
  return mail(
    `Reset your ${SHOP_NAME} password`,
    [
      `Someone, probably you, asked to reset the password of the ${SHOP_NAME} account with this email address.`,
      `Follow the link below within ${hours(RECOVERY_LINK_HOURS)} to choose a new password; every session of the account will be ` +
        "signed out. If it was not you, ignore this mail: your password stays as it is.",
    ],
    { label: "Choose a new password", href: link },
  );
}

/** To the owner of an address someone tried to sign up with again (no enumeration: the page said what it says to anyone). */
export function accountExistsMail(origin: string): MailContent {
  return mail(
    `Someone tried to create a ${SHOP_NAME} account with your address`,
    [
      `Someone tried to create a ${SHOP_NAME} account with this email address, which already has one.`,
      `If it was you, sign in; if you have forgotten your password, choose a new one at ${origin}/auth/forgot. ` +
        "If it was not you, you need do nothing.",
    ],
    { label: "Sign in", href: `${origin}/auth` },
  );
}
