import { escapeHtml, page } from './html.js';

/**
 * The sign-out confirmation. `form` is oidc-provider's hidden form (action and xsrf token); the
 * visible button submits it with logout=yes. With `autoSubmit` a nonce-bearing script presses the
 * button, so a person signing out of the app does not have to confirm twice.
 */
export function renderLogoutPage(options: { form: string; appUrl: string; autoSubmit?: { nonce: string } }): string {
  return page({
    title: 'Sign out of iPos',
    body: `<h1>Sign out of iPos</h1>
<p class="muted" id="sign-out-status">${options.autoSubmit ? 'Signing you out…' : 'Do you want to sign out of iPos on this device?'}</p>
${options.form}
<button class="button" id="sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<a class="button secondary" href="${escapeHtml(options.appUrl)}">Back to iPos</a>`,
    script: options.autoSubmit
      ? { nonce: options.autoSubmit.nonce, source: "document.getElementById('sign-out').click();" }
      : undefined,
  });
}

export function renderSignedOutPage(options: { appUrl: string }): string {
  return page({
    title: 'Signed out of iPos',
    body: `<h1>You are signed out</h1>
<p class="muted">You have signed out of iPos on this device.</p>
<a class="button" href="${escapeHtml(options.appUrl)}">Back to iPos</a>`,
  });
}

/**
 * What a person sees when sign-in cannot reach the database (down or restarting): nothing is wrong
 * with what they did, and it works again in a moment.
 */
export function renderUnavailablePage(options: { appUrl: string }): string {
  return page({
    title: 'iPos can’t reach its database',
    body: `<h1>iPos can’t reach its database</h1>
<p class="muted">This is usually over in a minute. Nothing you did caused it: wait a moment, then sign in again.</p>
<a class="button" href="${escapeHtml(options.appUrl)}">Try again</a>`,
  });
}

/**
 * What a person sees when a sign-in step fails. It names the OAuth error code (a fixed vocabulary,
 * useful to support) and nothing else: descriptions can carry internal detail.
 */
export function renderErrorPage(options: { appUrl: string; code?: string }): string {
  const code = options.code && /^[a-z_]{1,64}$/.test(options.code) ? options.code : undefined;
  return page({
    title: 'Sign-in could not continue',
    body: `<h1>Sign-in could not continue</h1>
<p class="muted">This sign-in link is no longer valid or something went wrong. Go back to iPos and sign in again.</p>
${code ? `<p class="muted">Reference: <code>${escapeHtml(code)}</code></p>` : ''}
<a class="button" href="${escapeHtml(options.appUrl)}">Back to iPos</a>`,
  });
}
