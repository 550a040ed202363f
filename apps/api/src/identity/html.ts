import { randomBytes } from 'node:crypto';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The policy of every /oidc response. Scripts run only with this response's nonce (oidc-provider's
 * own auto-submitting forms add their hash to script-src); forms may go to the provider itself and
 * to the app's origins, since a form post here ends in a redirect to the app.
 */
export function contentSecurityPolicy(options: { nonce: string; formTargets: string[] }): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${options.nonce}'`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action 'self' ${options.formTargets.join(' ')}`.trim(),
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

export const BRAND = {
  primary: '#0b7a63',
  primaryDark: '#08594a',
  text: '#1a1f24',
  muted: '#5b6670',
  error: '#b42318',
  errorBg: '#fef3f2',
  surface: '#ffffff',
  background: '#eef5f3',
};

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{font-size:100%}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;
  background:${BRAND.background};color:${BRAND.text};
  font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{width:100%;max-width:400px;background:${BRAND.surface};border-radius:12px;padding:32px 24px;
  box-shadow:0 1px 3px rgba(16,24,40,.1),0 1px 2px rgba(16,24,40,.06)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:24px;font-weight:700;font-size:1.25rem;color:${BRAND.primary}}
.brand svg{width:36px;height:36px;flex:none}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 8px}
p{margin:0 0 16px}
.muted{color:${BRAND.muted}}
label{display:block;font-weight:600;margin:16px 0 6px}
input{display:block;width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;
  border:1px solid #98a2b3;border-radius:8px;background:#fff}
input:focus{border-color:${BRAND.primary}}
.button{display:flex;align-items:center;justify-content:center;width:100%;min-height:44px;margin-top:24px;padding:10px 16px;
  font:inherit;font-weight:600;color:#fff;background:${BRAND.primary};border:0;border-radius:8px;cursor:pointer;text-decoration:none}
.button:hover{background:${BRAND.primaryDark}}
.button.secondary{color:${BRAND.primary};background:#fff;border:1px solid ${BRAND.primary};margin-top:12px}
.button.secondary:hover{background:${BRAND.background}}
a{color:${BRAND.primaryDark}}
:focus-visible{outline:3px solid ${BRAND.primary};outline-offset:2px}
input:focus-visible{outline-offset:0}
.alert{margin:16px 0 0;padding:12px;border-radius:8px;background:${BRAND.errorBg};color:${BRAND.error};
  border:1px solid ${BRAND.error};font-weight:600}
.links{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px 16px;margin-top:20px}
.divider{display:flex;align-items:center;gap:12px;margin-top:20px;color:${BRAND.muted};font-size:.875rem}
.divider::before,.divider::after{content:"";flex:1;border-top:1px solid #d0d5dd}
@media (max-width:360px){main{padding:24px 16px}}
@media (prefers-reduced-motion:no-preference){.button{transition:background-color .15s}}
`;

const LOGO = `<svg viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="${BRAND.primary}"/><path d="M18 20h28a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4V24a4 4 0 0 1 4-4zm2 6v4h24v-4zm0 8v4h10v-4z" fill="#fff"/></svg>`;

/** A complete, self-contained page in the app's colours; `body` must already be escaped. */
export function page(options: { title: string; body: string; script?: { nonce: string; source: string } }): string {
  const script = options.script
    ? `<script nonce="${escapeHtml(options.script.nonce)}">${options.script.source}</script>`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${BRAND.primary}">
<title>${escapeHtml(options.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand">${LOGO}<span>iPos</span></div>
${options.body}
</main>
${script}
</body>
</html>`;
}
