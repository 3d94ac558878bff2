/** The site banner's server side: the editor (admins) and the published banner the site reads. */
export { createBanner } from "./banner.server";
