import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

describe("root error boundary", () => {
  it("shows 'Unexpected Application Error!' with the error text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => {
          throw new Error("The records service timed out");
        },
        ErrorBoundary: ErrorBoundary as never,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("The records service timed out")).toBeInTheDocument();
  });

  it("shows the 404 page for a 404 response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw new Response(null, { status: 404 });
        },
        Component: () => null,
        ErrorBoundary: ErrorBoundary as never,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: /Page Not Found/ })).toBeInTheDocument();
    expect(
      screen.getByText("Oops! The page you're looking for doesn't exist. It may have been moved or deleted."),
    ).toBeInTheDocument();
  });
});
