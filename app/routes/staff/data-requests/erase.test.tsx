import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ErasureResult } from "~/features/data-requests/data-requests";
import * as erase from "./erase";

/**
 * The "Erased" page says what became of the database's files: rewritten (the
 * embedded database), vacuumed (PostgreSQL) or not rewritten (retry); and
 * which integrations were sent a summary of the person, with their hosts.
 */
type Props = { loaderData: { email: null; counts: null }; actionData: { erased: ErasureResult } };
const ErasePage = erase.default as unknown as (props: Props) => ReactNode;

function renderErased(storage: ErasureResult["storage"], receivers: ErasureResult["receivers"] = []) {
  const erased: ErasureResult = {
    email: "ama@example.org",
    counts: { enquiries: 3, suspectedSpam: 1, deliveries: 4, notes: 1, texts: 0, jobs: 4, outboxFiles: 4 },
    storage,
    receivers,
  };
  const Stub = createRoutesStub([
    {
      path: "/staff/data-requests/erase",
      Component: () => <ErasePage loaderData={{ email: null, counts: null }} actionData={{ erased }} />,
    },
  ]);
  return render(<Stub initialEntries={["/staff/data-requests/erase"]} />);
}

describe("the Erased page", () => {
  it("on the embedded database: the data folder has been rewritten, no copy in it or in later backups", async () => {
    const { container } = renderErased({ state: "rewritten", ms: 120 });
    expect(await screen.findByRole("heading", { name: "Erased" })).toBeTruthy();
    expect(container.querySelector("[data-storage]")?.getAttribute("data-storage")).toBe("rewritten");
    expect(container.textContent).toContain(
      "The data folder has been rewritten: no copy remains in it or in backups taken from now on.",
    );
    expect(container.textContent).toContain("Backups taken before now still hold copies");
  });

  it("on PostgreSQL: vacuumed, and the server's own WAL, archives and replicas are named", async () => {
    const { container } = renderErased({ state: "vacuumed", ms: 40 });
    await screen.findByRole("heading", { name: "Erased" });
    expect(container.querySelector("[data-storage]")?.getAttribute("data-storage")).toBe("vacuumed");
    expect(container.textContent).toMatch(/write-ahead log, archives and replicas/);
    expect(container.textContent).not.toContain("The data folder has been rewritten");
  });

  it("when the rewrite failed: says so and asks to erase again", async () => {
    const { container } = renderErased({ state: "failed", ms: 5 });
    await screen.findByRole("heading", { name: "Erased" });
    expect(container.querySelector("[data-storage]")?.getAttribute("data-storage")).toBe("failed");
    expect(container.textContent).toMatch(/could not be rewritten yet/);
    expect(container.textContent).toMatch(/Erase this address again/);
  });

  it("lists the integrations that were sent a summary, with their hosts; none, no list", async () => {
    const { container } = renderErased({ state: "rewritten", ms: 1 }, [
      { name: "CRM", host: "crm.example.org", delivered: true },
      { name: "Sales channel", host: "hooks.slack.com", delivered: false },
    ]);
    const list = await screen.findByRole("region", { name: "Integrations that were sent a summary" });
    const items = [...list.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toEqual([
      "CRM, at crm.example.org",
      "Sales channel, at hooks.slack.comEvery attempt failed, but the receiver may have kept one.",
    ]);
    expect(container.textContent).toContain("Then tell the person their data has been erased.");

    renderErased({ state: "rewritten", ms: 1 }).unmount();
    const none = renderErased({ state: "rewritten", ms: 1 });
    await screen.findAllByRole("heading", { name: "Erased" });
    expect(none.container.textContent).not.toContain("were sent a summary");
    expect(none.container.textContent).toContain("Then tell the person their data has been erased.");
  });
});
