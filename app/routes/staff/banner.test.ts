import { describe, expect, it, vi } from "vitest";
import { announcement } from "~/content/banner";
import type { AnnouncementInput, PublishedAnnouncement } from "~/features/banner/banner";
import type { Services } from "~/site.server";
import { consoleContext, fakeConsole, staffRequest } from "../../../test/support/staff-context";
import { action, loader } from "./banner";

type Context = ReturnType<typeof consoleContext>;
const args = (context: Context, init?: RequestInit) => ({
  request: new Request("http://localhost/staff/banner", init),
  context,
  params: {},
});
const post = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
});

/** A banner editor that records what it was asked to publish. */
function editor(latest: PublishedAnnouncement | null = null) {
  const published: AnnouncementInput[] = [];
  let withdrawn = 0;
  const banner: Services["banner"] = {
    latest: async () => latest,
    publish: async (input, by) => {
      published.push(input);
      return { id: "new-id", ...input, publishedAt: new Date(), publishedBy: by.member.email, unpublishedAt: null };
    },
    unpublish: async () => {
      withdrawn++;
      return latest !== null;
    },
  };
  return { banner, published, withdrawn: () => withdrawn };
}

function adminContext(banner: Services["banner"]) {
  return consoleContext(fakeConsole(undefined, undefined, { banner }).service, staffRequest("admin"));
}

const valid = {
  intent: "publish",
  message: "Meet us at the Accra Health Summit.",
  linkLabel: "Book a meeting",
  linkHref: "/contact",
  startsAt: "",
  endsAt: "",
};

/** The action's data, unwrapped from `data(...)`. */
async function run(context: Context, fields: Record<string, string>) {
  const result = (await action(args(context, post(fields)) as never)) as unknown as {
    data: Record<string, unknown>;
    init: { status?: number } | null;
  };
  return { body: result.data, status: result.init?.status ?? 200 };
}

describe("the banner editor", () => {
  it("refuses a staff-role member the page and its actions with 403, and audits both", async () => {
    const { banner, published } = editor();
    const { service, recorded } = fakeConsole(undefined, undefined, { banner });
    const context = consoleContext(service, staffRequest("staff"));
    for (const attempt of [() => loader(args(context) as never), () => action(args(context, post(valid)) as never)]) {
      const thrown = await attempt().then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(403);
    }
    expect(published).toEqual([]);
    expect(recorded.map((entry) => [entry.action, entry.target])).toEqual([
      ["refused", "GET /staff/banner"],
      ["refused", "POST /staff/banner"],
    ]);
  });

  it("publishes with the UK times read as instants (summer time is UTC+1)", async () => {
    const { banner, published } = editor();
    const { body } = await run(adminContext(banner), {
      ...valid,
      startsAt: "2026-07-01T09:00",
      endsAt: "2026-12-01T18:30",
    });
    expect(body).toEqual({ kind: "published" });
    expect(published).toEqual([
      {
        message: valid.message,
        linkLabel: valid.linkLabel,
        linkHref: "/contact",
        startsAt: new Date("2026-07-01T08:00:00Z"),
        endsAt: new Date("2026-12-01T18:30:00Z"),
      },
    ]);
  });

  it.each([
    [{ message: "  " }, "message", "Enter the announcement"],
    [{ message: "Closed\u0000 today" }, "message", "The announcement contains characters that are not allowed"],
    [{ linkLabel: "Read \u202egnp.exe" }, "linkLabel", "The link text contains characters that are not allowed"],
    [{ linkHref: "/contact\u0000x" }, "linkHref", "The link target contains characters that are not allowed"],
    [
      { linkHref: "https://example.org/\u0000" },
      "linkHref",
      "The link target contains characters that are not allowed",
    ],
    [{ linkHref: "javascript:alert(1)" }, "linkHref", "Enter a path on this site, like /contact"],
    [{ linkHref: "//evil.example/" }, "linkHref", "Enter a path on this site, like /contact"],
    [{ linkHref: "http://example.org/" }, "linkHref", "an address starting with https://"],
    [{ startsAt: "2026-12-02T09:00", endsAt: "2026-12-01T09:00" }, "endsAt", "The end must be after the start"],
    [{ startsAt: "2026-02-30T09:00" }, "startsAt", "Enter the start as a date and time"],
  ])("refuses %o with a clear error and keeps what was typed", async (change, field, message) => {
    const { banner, published } = editor();
    const fields = { ...valid, ...change };
    const { body, status } = await run(adminContext(banner), fields);
    expect(status).toBe(400);
    expect(published).toEqual([]);
    expect((body.errors as Record<string, string>)[field]).toContain(message);
    const { intent: _intent, ...typed } = fields;
    expect(body.values).toEqual(typed);
  });

  it("refuses link text over 40 characters with its error, keeping every character typed (the field does not cut it)", async () => {
    const { banner, published } = editor();
    const linkLabel = "Read about the national pilot and what it means";
    const refused = await run(adminContext(banner), { ...valid, linkLabel });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      kind: "errors",
      values: { message: valid.message, linkLabel, linkHref: valid.linkHref, startsAt: "", endsAt: "" },
      errors: { linkLabel: "The link text must be 40 characters or fewer" },
    });
    expect(published).toEqual([]);
    // Positive control: the same text cut to 40 characters is published.
    await run(adminContext(banner), { ...valid, linkLabel: linkLabel.slice(0, 40) });
    expect(published).toMatchObject([{ linkLabel: linkLabel.slice(0, 40) }]);
  });

  it("previews without publishing, and withdraws", async () => {
    const { banner, published, withdrawn } = editor();
    const context = adminContext(banner);
    const preview = await run(context, { ...valid, intent: "preview" });
    expect(preview.body).toMatchObject({ kind: "preview", values: { message: valid.message } });
    expect(published).toEqual([]);
    const withdraw = await run(context, { intent: "unpublish" });
    expect(withdraw.body).toEqual({ kind: "unpublished", withdrawn: false });
    expect(withdrawn()).toBe(1);
  });

  it("shows whether an announcement is live, scheduled, over or withdrawn", async () => {
    const base = {
      id: "a1",
      message: "m",
      linkLabel: "l",
      linkHref: "/contact",
      publishedAt: new Date(),
      publishedBy: "admin@maternis.test",
    };
    const cases: [Partial<PublishedAnnouncement>, string][] = [
      [{ startsAt: null, endsAt: null, unpublishedAt: null }, "This announcement is live on every page."],
      [
        { startsAt: new Date(Date.now() + 86_400_000), endsAt: null, unpublishedAt: null },
        "This announcement is scheduled.",
      ],
      [{ startsAt: null, endsAt: new Date(Date.now() - 1000), unpublishedAt: null }, "This announcement has ended."],
      [{ startsAt: null, endsAt: null, unpublishedAt: new Date() }, "The last announcement was withdrawn."],
    ];
    for (const [row, status] of cases) {
      const { banner } = editor({ ...base, startsAt: null, endsAt: null, unpublishedAt: null, ...row });
      const data = (await loader(args(adminContext(banner)) as never)) as { status: string };
      expect(data.status).toContain(status);
    }
  });

  it("says what the site shows when nothing was published: the built-in announcement while it runs, then no banner", async () => {
    const { banner } = editor(null);
    const status = async () => ((await loader(args(adminContext(banner)) as never)) as { status: string }).status;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2025-11-01T12:00:00Z"));
      expect(await status()).toBe(
        `No announcement has been published from the console. The site shows its built-in one: “${announcement.message}”`,
      );
      vi.setSystemTime(new Date("2025-11-14T12:00:00Z"));
      expect(await status()).toBe(
        "No announcement has been published from the console, and the built-in one has ended. The site shows no banner.",
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
