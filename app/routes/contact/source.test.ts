/**
 * Issue 44: an enquiry carries where its visitor came from. The form page's
 * loader works it out from the page's URL (utm_*) and its Referer (host,
 * page of this site, or direct); the form carries it back in one hidden
 * field, so the post with JavaScript and without it store the same; a
 * refusal sends it back for the next try; ANALYTICS=off keeps none.
 */
import { describe, expect, it } from "vitest";
import { decodeSource, SOURCE_FIELD } from "~/features/enquiries/source";
import {
  actionRunner,
  contextWith,
  fakeEnquiryService,
  formPost,
  quietActionLogs,
  validPosts,
} from "../../../test/support/enquiry-actions";
import type { Route } from "./+types/route";
import { action, loader } from "./route";

const valid = { ...validPosts.contact, interest: "pricing" };

const run = actionRunner(action);
quietActionLogs();

function load(url: string, referer?: string, env?: Record<string, string>) {
  const request = new Request(url, { headers: referer ? { referer } : {} });
  return loader({ request, context: contextWith(null, { env }) } as unknown as Route.LoaderArgs);
}

describe("the contact page's source", () => {
  it("is the campaign link's utm values and the page that led there, host or path only", () => {
    const fromEmail = load(
      "http://localhost/contact?interest=pricing&utm_source=email&utm_medium=transactional&utm_campaign=demo-welcome&utm_variant=b&utm_cta=book-demo&q=private",
      "https://mail.example.org/inbox/ama.owusu?id=42",
    );
    expect(decodeSource(fromEmail.source)).toEqual({
      referrer: "mail.example.org",
      utm: {
        utm_source: "email",
        utm_medium: "transactional",
        utm_campaign: "demo-welcome",
        utm_variant: "b",
        utm_cta: "book-demo",
      },
    });
    expect(fromEmail.source).not.toMatch(/ama|inbox|private|id=42/);

    // From a page of this site (the request's host, or SITE_URL's), and with no Referer at all.
    expect(decodeSource(load("http://localhost/contact", "http://localhost/product?x=1").source)).toEqual({
      referrer: "/product",
      utm: {},
    });
    const siteUrl = { SITE_URL: "https://www.maternis.health" };
    expect(
      decodeSource(load("http://localhost/contact", "https://www.maternis.health/about", siteUrl).source)?.referrer,
    ).toBe("/about");
    expect(decodeSource(load("http://localhost/contact").source)).toEqual({ referrer: "direct", utm: {} });
  });

  it("is not worked out with ANALYTICS=off", () => {
    expect(load("http://localhost/contact?utm_source=email", "https://google.com/", { ANALYTICS: "off" }).source).toBe(
      "",
    );
  });
});

describe("the contact action stores the source the form carried", () => {
  const carried = "referrer=partner-ngo.org&utm_source=newsletter&utm_campaign=spring";

  it("with the enquiry, and sends it back with a refusal so the next try keeps it", async () => {
    const fake = fakeEnquiryService();
    await run(formPost("/contact", { ...valid, [SOURCE_FIELD]: carried }), fake.service);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.source).toEqual({
      referrer: "partner-ngo.org",
      utm: { utm_source: "newsletter", utm_campaign: "spring" },
    });

    const refused = await run(
      formPost("/contact", { ...valid, email: "not an address", [SOURCE_FIELD]: carried }),
      fake.service,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.status === "invalid" && refused.body.values[SOURCE_FIELD]).toBe(carried);
  });

  it("stores nothing malformed, and nothing with ANALYTICS=off (the same post stored with it on)", async () => {
    const fake = fakeEnquiryService();
    await run(formPost("/contact", { ...valid, [SOURCE_FIELD]: "referrer=https://evil.example/path?x" }), fake.service);
    expect(fake.calls[0]!.source).toBeUndefined();

    const off = fakeEnquiryService();
    const post = formPost("/contact", { ...valid, [SOURCE_FIELD]: carried });
    await action({
      request: post,
      context: contextWith(off.service, { env: { ANALYTICS: "off" } }),
      params: {},
    } as never);
    expect(off.calls).toHaveLength(1);
    expect(off.calls[0]!.source).toBeUndefined();
  });
});
