import { z } from "zod";

import { AUTH_MESSAGES } from "~/backends/types.server";
import { EmailSchema } from "~/services/form-data.server";

/**
 * The sign-in and sign-up form (app/routes/auth.tsx): an email and a password
 * (docs/accounts.md#validation). Sign-up needs 8 to 128 characters and nothing else (no
 * composition rules, OWASP ASVS 5); sign-in accepts any non-empty password, so a password set
 * under other rules still works. Passwords are never trimmed. Server-only, so zod stays out of
 * the browser's JavaScript.
 */
export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, "Enter your password").max(1024, "Invalid login credentials"),
});
export const SignUpSchema = z.object({
  email: EmailSchema,
  password: z.string().min(8, AUTH_MESSAGES.weakPassword).max(128, "Password should be at most 128 characters."),
});
/** A new password at /auth/reset: the sign-up rules. */
export const NewPasswordSchema = SignUpSchema.pick({ password: true });
/** Asking for a link by mail at /auth/forgot: an email, checked as every form of ours checks one. */
export const SendLinkSchema = SignInSchema.pick({ email: true });
