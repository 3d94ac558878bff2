/**
 * Runs before the first paint (inline in <head>) so a visitor who dismissed the
 * announcement banner this session never sees it flash back. Its SHA-256 hash
 * is part of the Content-Security-Policy (server/security.ts), so it needs no
 * nonce; do not make it depend on request data.
 */
export const BANNER_STORAGE_KEY = "maternis:banner-dismissed";

export const bannerBootScript = `try{if(sessionStorage.getItem(${JSON.stringify(BANNER_STORAGE_KEY)}))document.documentElement.setAttribute("data-banner-dismissed","")}catch(e){}`;
