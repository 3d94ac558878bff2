/**
 * Rendered as an inline script right after the announcement banner, so it runs
 * before the banner is first painted: a visitor who dismissed this
 * announcement this session never sees it flash back on the next page load.
 * The stored value is the dismissed announcement's id: a new announcement (a
 * new id, from the console) shows again. Its SHA-256 hash is part of every
 * Content-Security-Policy (server/security.ts), so it needs no nonce; keep it
 * free of request data.
 */
export const BANNER_STORAGE_KEY = "maternis:banner-dismissed";

export const bannerBootScript = `try{var b=document.currentScript.previousElementSibling;if(b&&sessionStorage.getItem(${JSON.stringify(BANNER_STORAGE_KEY)})===b.getAttribute("data-announcement"))b.setAttribute("hidden","")}catch(e){}`;

/** True when the visitor dismissed this announcement earlier in this browser session. */
export function bannerDismissedThisSession(id: string) {
  try {
    return sessionStorage.getItem(BANNER_STORAGE_KEY) === id;
  } catch {
    return false;
  }
}
