import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ErasureResult } from "~/features/data-requests/data-requests";
import * as erase from "./erase";

/**
 * The "Erased" page says what became of the database's files: rewritten (the
 * embedded database), vacuumed (PostgreSQL) or not rewritten (retry).
 */
type Props = { loaderData: { email: null; counts: null }; actionData: { erased: ErasureResult } };
const ErasePage = erase.default as unknown as (props: Props) => ReactNode;

function renderErased(storage: ErasureResult["storage"]) {
  const erased: ErasureResult = {
    email: "ama@example.org",
    counts: { enquiries: 3, suspectedSpam: 1, deliveries: 4, notes: 1, texts: 0, jobs: 4, outboxFiles: 4 },
    storage,
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
});
