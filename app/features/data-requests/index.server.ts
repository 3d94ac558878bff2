/** Data requests (admins): a person's enquiries found, exported and erased. */
export { createDataRequestsService } from "./data-requests.server";
