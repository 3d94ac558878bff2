/** The integration form as posted: a name over the limit is refused with its error, and every character typed comes back. */
import { describe, expect, it } from "vitest";
import { INTEGRATION_NAME_MAX } from "~/features/integrations/integrations";
import { endpointFieldIds, readEndpointForm } from "./parts";

const post = (name: string) => {
  const form = new FormData();
  form.set("kind", "webhook");
  form.set("name", name);
  form.set("url", "https://hooks.example.org/maternis");
  form.append("events", "enquiry.received");
  form.set("detail", "link");
  return readEndpointForm(form);
};

describe("readEndpointForm", () => {
  it("refuses a name one character over the limit, keeping it whole; the limit itself is taken (the control)", () => {
    const over = "n".repeat(INTEGRATION_NAME_MAX + 1);
    const refused = post(over);
    expect(refused.input).toBeNull();
    expect(refused.errors).toEqual([
      { field: endpointFieldIds.name, message: `Use at most ${INTEGRATION_NAME_MAX} characters` },
    ]);
    expect(refused.values.name).toBe(over);

    const taken = post("n".repeat(INTEGRATION_NAME_MAX));
    expect(taken.errors).toEqual([]);
    expect(taken.input?.name).toBe("n".repeat(INTEGRATION_NAME_MAX));
  });

  it("refuses a name with a NUL, an escape or a bidi override, keeping it whole (the database never sees it)", () => {
    for (const name of ["Sales\u0000channel", "Sales \u001b[31m", "Sales \u202egnp.exe"]) {
      const refused = post(name);
      expect(refused.input, name).toBeNull();
      expect(refused.errors).toEqual([
        { field: endpointFieldIds.name, message: "The name contains characters that are not allowed" },
      ]);
      expect(refused.values.name).toBe(name);
    }
    expect(post("Ventes \u00e0 Accra").input?.name).toBe("Ventes \u00e0 Accra");
  });
});
