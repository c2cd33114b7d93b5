import { describe, expect, it } from "vitest";
import { gated, isGated, knownTo, seal, sealedCopy, sealedItems, secretly, type Shielded, shieldedJson } from "./gated";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "./knowledge";

const page = {
  character: {
    slug: "mira-hale",
    name: "Mira Hale",
    portrait: gated(["wn:2-1"], { src: "/media/mira-late.webp", alt: "Mira with the lamp" }),
    facts: [
      gated(null, { label: "Role", value: "Doorwarden" }),
      gated(["wn:1-2", "ln:main-1"], { label: "Secret", value: "She lied" }),
    ],
    relationships: [
      { id: 7, ...gated(["anime:1-2"], { name: "Oren Vale", notes: [gated(["wn:3-1"], "Betrays her")] }) },
    ],
  },
  updatedOn: new Date("2026-01-02T00:00:00Z"),
};

describe("seal", () => {
  it("takes out every gated content a requester who knows nothing does not know, at any depth, and keeps public fields", () => {
    const sealed = seal(page, noKnowledge);
    expect(sealed.character.slug).toBe("mira-hale");
    expect(sealed.character.name).toBe("Mira Hale");
    expect(sealed.character.portrait).toEqual({ revealedBy: ["wn:2-1"], content: null });
    expect(sealed.character.facts).toEqual([
      gated(null, { label: "Role", value: "Doorwarden" }),
      { revealedBy: ["wn:1-2", "ln:main-1"], content: null },
    ]);
    expect(sealed.character.relationships).toEqual([{ id: 7, revealedBy: ["anime:1-2"], content: null }]);
    expect(sealed.updatedOn).toEqual(page.updatedOn);
    const text = JSON.stringify(sealed);
    for (const secret of ["mira-late", "She lied", "Oren Vale", "Betrays her"]) expect(text).not.toContain(secret);
  });

  it("seals a gated item's fields beside its content by their own units (a public entry's episode title)", () => {
    const entry = { episode: { number: 3, title: gated(["anime:1-3"], "The Lie") }, ...gated(null, "A note") };
    const sealed = seal({ entries: [entry] }, noKnowledge);
    expect(sealed.entries[0]).toEqual({
      episode: { number: 3, title: { revealedBy: ["anime:1-3"], content: null } },
      revealedBy: null,
      content: "A note",
    });
    expect(sealedItems(sealed)).toEqual([{ revealedBy: ["anime:1-3"], content: null }]);
  });

  it("keeps what the requester knows, and seals what is nested inside it by its own units", () => {
    const sealed = seal(page, knowledgeOfUnits(["ln:main-1", "anime:1-2"]));
    expect(sealed.character.facts[1]?.content).toEqual({ label: "Secret", value: "She lied" });
    expect(sealed.character.portrait.content).toBeNull();
    expect(sealed.character.relationships[0]?.content?.name).toBe("Oren Vale");
    expect(sealed.character.relationships[0]?.content?.notes).toEqual([{ revealedBy: ["wn:3-1"], content: null }]);
  });

  it("keeps everything for a requester who wants everything, and never changes the data it was given", () => {
    expect(seal(page, allKnowledge)).toEqual(page);
    seal(page, noKnowledge);
    expect(page.character.portrait.content).not.toBeNull();
  });
});

describe("a secret (secretly)", () => {
  const masked = {
    name: "The Grey Lantern",
    trueName: secretly(["wn:2-27", "ln:main-4"], "Briony Oakhart"),
    relationships: [gated(["wn:2-20"], { name: "Fen Oakhart", trueName: secretly(["wn:5-1"], "Fen the Elder") })],
  };

  it("leaves no trace where the requester does not know it: null in its place, not its revealers", () => {
    const sealed = seal(masked, noKnowledge);
    expect(sealed.trueName).toBeNull();
    expect(JSON.stringify(sealed)).not.toMatch(/Briony|wn:2-27|ln:main-4/);
    expect(sealedItems(sealed)).not.toContainEqual(expect.objectContaining({ secret: true }));
  });

  it("is kept, with its revealers, for a requester who knows it, and sealed again by its own units inside", () => {
    const sealed = seal(masked, knowledgeOfUnits(["ln:main-4"]));
    expect(sealed.trueName).toEqual({ revealedBy: ["wn:2-27", "ln:main-4"], content: "Briony Oakhart", secret: true });
    // The relationship is gated at wn:2-20 only: a light novel reader does not know it, nor its name.
    expect(sealed.relationships[0]!.content).toBeNull();
    expect(seal(masked, knowledgeOfUnits(["wn:3-1"])).relationships[0]!.content).toEqual({
      name: "Fen Oakhart",
      trueName: null,
    });
    expect(seal(masked, allKnowledge)).toEqual(masked);
  });
});

describe("secrets in a list", () => {
  it("leave no place behind where the requester does not know them, and are kept in order where they do", () => {
    const names = [
      secretly(null, { name: "Felix" }),
      secretly(["anime:1-6"], { name: "Nyx" }),
      secretly(["wn:2-2"], { name: "Feris" }),
    ];
    expect(seal({ names }, knowledgeOfUnits(["wn:2-2"])).names).toEqual([names[0], names[2]]);
    const unaware = seal({ names }, noKnowledge);
    expect(unaware.names).toEqual([names[0]]);
    expect(JSON.stringify(unaware)).not.toMatch(/Nyx|Feris|anime:1-6|wn:2-2/);
    expect(seal({ names }, allKnowledge).names).toEqual(names);
  });
});

describe("knownTo", () => {
  it("keeps, in their order, only the items the knowledge reveals, and nothing of the others", () => {
    const items = [
      { id: "a", ...gated(null, 1) },
      { id: "b", ...gated(["wn:2-2"], 2) },
      { id: "c", ...gated(["wn:1-1"], 3) },
    ];
    expect(knownTo(items, noKnowledge).map((item) => item.id)).toEqual(["a"]);
    expect(knownTo(items, knowledgeOfUnits(["wn:1-5"])).map((item) => item.id)).toEqual(["a", "c"]);
    expect(knownTo(items, allKnowledge)).toEqual(items);
  });
});

describe("sealedItems", () => {
  it("lists the items whose content a response left out, inside revealed content too", () => {
    const sealed = seal(page, knowledgeOfUnits(["anime:1-2"]));
    expect(sealedItems(sealed).map((item) => item.revealedBy)).toEqual([
      ["wn:2-1"],
      ["wn:1-2", "ln:main-1"],
      ["wn:3-1"],
    ]);
    expect(sealedItems(seal(page, allKnowledge))).toEqual([]);
  });
});

describe("isGated", () => {
  it("takes a plain object with both fields, and nothing else", () => {
    expect(isGated(gated(null, "x"))).toBe(true);
    expect(isGated({ revealedBy: null })).toBe(false);
    expect(isGated([null, null])).toBe(false);
    expect(isGated(null)).toBe(false);
  });
});

describe("Shielded", () => {
  it("keeps a page's sealed data closed until it is opened: by useShieldedData, or sealedCopy for the public copy", () => {
    const sent: Shielded<{ title: ReturnType<typeof gated<string>> }> = shieldedJson(
      seal({ title: gated(["wn:2-1"], "The Ember Court") }, noKnowledge),
    );
    // @ts-expect-error a page's component cannot read its shielded data without opening it
    expect(sent.title).toBeUndefined();
    expect(sealedCopy(sent).title).toEqual({ revealedBy: ["wn:2-1"], content: null });
  });

  it("travels as JSON text and opens to the data as sealed, one copy however often it is opened", () => {
    const sealed = seal({ ...page, updatedOn: "2026-01-02" }, knowledgeOfUnits(["wn:1-2"]));
    const sent = shieldedJson(sealed);
    // One string in the page's hydration data: React Router's table of indexed values gzips to about twice its JSON.
    expect(Object.values(sent)).toEqual([JSON.stringify(sealed)]);
    expect(sealedCopy(sent)).toEqual(sealed);
    // The page's renders, its metadata and its follow-up compare the data they were given by identity.
    expect(sealedCopy(sent)).toBe(sealedCopy(sent));
    expect(sealedCopy(shieldedJson(sealed))).not.toBe(sealedCopy(sent));
    // @ts-expect-error JSON would turn a date into text: a page's data carries dates as ISO text already
    shieldedJson({ updatedOn: new Date("2026-01-02") });
  });
});
