import { escapeHtml, page } from './html.js';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid email or password',
  googleUnknown: 'No iPos account uses this Google address',
  googleUnverified: 'Google has not verified this address. Sign in with your password instead.',
  googleFailed: 'Signing in with Google did not work. Try again, or sign in with your password.',
} as const;

/** Asked of an attempt that came too soon after failures; says nothing about whether the address exists. */
export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

export interface LoginPageOptions {
  /** Where the form posts: the provider's own interaction URL. */
  action: string;
  uid: string;
  email?: string;
  message?: string;
  /** Present when Google sign-in is configured. */
  googleUrl?: string;
  forgotPasswordUrl: string;
  signUpUrl: string;
}

/**
 * The sign-in form. It works without JavaScript, keeps the email after a failed attempt (never the
 * password), and announces the one error message through role="alert".
 */
export function renderLoginPage(options: LoginPageOptions): string {
  const alert = options.message
    ? `<p class="alert" role="alert" id="sign-in-error">${escapeHtml(options.message)}</p>`
    : '';
  const described = options.message ? ' aria-describedby="sign-in-error"' : '';
  const google = options.googleUrl
    ? `<p class="divider">or</p>
<a class="button secondary" href="${escapeHtml(options.googleUrl)}">Sign in with Google</a>`
    : '';
  return page({
    title: 'Sign in to iPos',
    body: `<h1>Sign in to iPos</h1>
<p class="muted">Use the email and password of your iPos account.</p>
${alert}
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="uid" value="${escapeHtml(options.uid)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" inputmode="email" autocapitalize="none" spellcheck="false" required value="${escapeHtml(options.email ?? '')}"${described}${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<button class="button" type="submit">Sign in</button>
</form>
${google}
<nav class="links" aria-label="Account help">
<a href="${escapeHtml(options.forgotPasswordUrl)}">Forgot password?</a>
<a href="${escapeHtml(options.signUpUrl)}">Create an account</a>
</nav>`,
  });
}
