import { afterEach, describe, expect, it } from "vitest";
import { holdTypingUntilReady, TYPING_EVENTS } from "./hold-typing";

afterEach(() => document.body.replaceChildren());

/** A page with an island holding a field, a field outside it, and what each level's listeners saw. */
function page() {
  document.body.innerHTML = `<main><div data-island><input id="inside"></div><input id="outside"></main>`;
  const container = document.querySelector<HTMLElement>("[data-island]")!;
  const seen = { container: [] as string[], document: [] as string[] };
  // Where React listens (its root container), and a listener on the document (analytics, the benchmark).
  for (const type of TYPING_EVENTS) {
    container.addEventListener(type, (event) => seen.container.push(event.type), true);
    document.addEventListener(type, (event) => seen.document.push(event.type), true);
  }
  const type = (id: string, key = "a") =>
    document.getElementById(id)!.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  return { container, seen, type };
}

describe("typing before an island has hydrated", () => {
  it("does not reach React's listeners on the island while it hydrates, and does once it has", () => {
    const { container, seen, type } = page();
    let ready = false;
    holdTypingUntilReady(container, () => ready);
    type("inside");
    document.getElementById("inside")!.dispatchEvent(new InputEvent("input", { bubbles: true }));
    expect(seen.container).toEqual([]);
    ready = true;
    type("inside", "b");
    expect(seen.container).toEqual(["keydown"]);
  });

  it("still reaches listeners on the document, and leaves typing outside the island alone", () => {
    const { container, seen, type } = page();
    holdTypingUntilReady(container, () => false);
    type("inside");
    expect(seen.document).toEqual(["keydown"]);
    const outside: string[] = [];
    document.getElementById("outside")!.addEventListener("keydown", (event) => outside.push(event.type));
    type("outside");
    expect(outside).toEqual(["keydown"]);
  });

  it("does not cancel the key: the browser still enters the text", () => {
    const { container } = page();
    holdTypingUntilReady(container, () => false);
    const key = new KeyboardEvent("keydown", { key: "a", bubbles: true, cancelable: true });
    document.getElementById("inside")!.dispatchEvent(key);
    expect(key.defaultPrevented).toBe(false);
  });
});
