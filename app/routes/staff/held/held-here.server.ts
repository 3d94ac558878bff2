import type { RouterContextProvider } from "react-router";
import { getConsole, getStaff } from "~/routes/staff/access/request.server";
import type { HeldAction } from "~/features/sign-in/index.server";
import { describeHeld } from "./held-action";

/** A change held on this page while the member signed in again (requireRecentSignIn), to check and confirm. */
export async function heldHere(context: Readonly<RouterContextProvider>, request: Request) {
  const { member } = getStaff(context);
  const console = getConsole(context);
  const held = await console.auth.heldActions.of(request, member.id);
  if (!held) return null;
  const here = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/_root$/, "");
  if (new URL(held.path, "http://console.invalid").pathname !== here) return null;
  return describeHeld(held, await targetOf(console, here, held));
}

/** Whom a held change is for (a member), or what (an integration, an enquiry): by the id it posts or its page. */
async function targetOf(
  console: ReturnType<typeof getConsole>,
  pathname: string,
  held: HeldAction,
): Promise<[string, string] | undefined> {
  const id = held.fields.find(([name]) => name === "id")?.[1];
  if (pathname === "/staff/members" && id) {
    const found = (await console.members.list()).find((row) => row.id === id);
    return ["Member", found ? `${found.name} (${found.email})` : "A member who is no longer on the list"];
  }
  const integration = /^\/staff\/integrations\/([^/]+)$/.exec(pathname)?.[1];
  if (integration) {
    const found = await console.integrations.get(integration);
    return ["Integration", found ? found.integration.name : "An integration that no longer exists"];
  }
  const spam = /^\/staff\/spam\/([^/]+)$/.exec(pathname)?.[1];
  if (spam) {
    const found = await console.spam.get(spam);
    return ["Enquiry", found ? `From ${found.name || found.email}` : "An enquiry no longer in the Spam view"];
  }
  return undefined;
}
