/** A new password's length, in characters: no composition rules (docs/accounts.md#validation). */
export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

/** Why an account form failed: GoTrue's words where it has them, so both backends read alike (docs/accounts.md#failures). */
export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed",
  linkInvalid: "Email link is invalid or has expired",
  passwordMissing: "Enter your password",
  weakPassword: `Password should be at least ${PASSWORD_LENGTH.min} characters.`,
  passwordTooLong: `Password should be at most ${PASSWORD_LENGTH.max} characters.`,
  // Ours from here on.
  tooManyAttempts: "Too many attempts. Try again in a minute.",
  unavailable: "We could not reach our sign-in service. Please try again in a minute.",
  busy: "Our sign-in service is busy. Please try again in a minute.",
  overloaded: "Too many people are signing in right now. Please try again in a few seconds.",
} as const;

/** The Retry-After that goes with each message above that says when to try again. */
export const AUTH_RETRY_SECONDS = { unavailable: 60, busy: 60, overloaded: 3 } as const;
