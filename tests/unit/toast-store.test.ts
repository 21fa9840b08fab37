import { beforeEach, describe, expect, it } from "vitest";

import { dismissToast, getToasts, showToast, updateToast } from "~/components/toast/use-toast";

/** The client store behind useToasts(): toasts shown, updated and dismissed by id from code. */
const readToasts = getToasts;

describe("toast store", () => {
  beforeEach(() => {
    dismissToast();
  });

  it("shows one toast at a time: a new one replaces the previous", () => {
    const first = showToast({ description: "One" });
    const second = showToast({ description: "Two", variant: "destructive" });
    expect(first).not.toBe(second);
    const toasts = readToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      id: second,
      description: "Two",
      variant: "destructive",
      open: true,
      announce: true,
    });
  });

  it("updates a toast by id and ignores unknown ids", () => {
    const id = showToast({ description: "Uploading…", duration: null });
    updateToast(id, { description: "Uploaded", duration: 3000 });
    updateToast("nope", { description: "Never" });
    expect(readToasts()[0]).toMatchObject({ id, description: "Uploaded", duration: 3000, open: true });
  });

  it("does not show the same id twice", () => {
    showToast({ id: "loader-1", description: "Saved" });
    showToast({ id: "loader-1", description: "Saved" });
    expect(readToasts().filter((t) => t.id === "loader-1")).toHaveLength(1);
  });

  it("dismisses by id", () => {
    const id = showToast({ description: "Bye" });
    dismissToast("someone-else");
    expect(readToasts()[0]?.open).toBe(true);
    dismissToast(id);
    expect(readToasts()[0]?.open).toBe(false);
  });

  it("can show a toast silently (already announced by the server HTML)", () => {
    showToast({ description: "Quiet" }, { announce: false });
    expect(readToasts()[0]?.announce).toBe(false);
  });
});
