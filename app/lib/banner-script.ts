/**
 * Rendered as an inline script right after the announcement banner, so it runs
 * before the banner is first painted: a visitor who dismissed the banner this
 * session never sees it flash back on the next page load. Its SHA-256 hash is
 * part of every Content-Security-Policy (server/security.ts), so it needs no
 * nonce; keep it free of request data.
 */
export const BANNER_STORAGE_KEY = "maternis:banner-dismissed";

export const bannerBootScript = `try{if(sessionStorage.getItem(${JSON.stringify(BANNER_STORAGE_KEY)})){var b=document.currentScript.previousElementSibling;b&&b.setAttribute("hidden","")}}catch(e){}`;

/** True when the visitor dismissed the banner earlier in this browser session. */
export function bannerDismissedThisSession() {
  try {
    return sessionStorage.getItem(BANNER_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}
