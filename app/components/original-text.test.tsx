import { render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PersonName } from "./original-text";

/** The name inside English text, on a page whose root data says the series' original language. */
function renderName(name: string, originalLanguage = "ja") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: null, config: { originalLanguage } }),
      Component: () => (
        <p lang="en">
          by <PersonName name={name} />
        </p>
      ),
    },
  ]);
  return render(<Stub hydrationData={{ loaderData: { root: { user: null, config: { originalLanguage } } } }} />);
}

describe("PersonName", () => {
  it("marks the original in brackets with the series' language, the rest as English text", () => {
    const { container } = renderName("Hisame Tōya (灯夜ひさめ)");
    expect(container.textContent).toBe("by Hisame Tōya (灯夜ひさめ)");
    const original = container.querySelector("[lang='ja']");
    expect(original?.textContent).toBe("灯夜ひさめ");
  });

  it("marks it with the language the pack names: a Korean series' author", () => {
    const { container } = renderName("Sing Shong (싱숑)", "ko");
    expect(container.querySelector("[lang='ko']")?.textContent).toBe("싱숑");
    expect(container.textContent).toBe("by Sing Shong (싱숑)");
  });

  it("marks a name in another language's letters with that language: kana is Japanese, hangul Korean", () => {
    const japanese = renderName("Chitose Mochizuki (望月ちとせ)", "ko");
    expect(japanese.container.querySelector("span[lang]")?.getAttribute("lang")).toBe("ja");
    japanese.unmount();
    const korean = renderName("Sing Shong (싱숑)", "ja");
    expect(korean.container.querySelector("span[lang]")?.getAttribute("lang")).toBe("ko");
    korean.unmount();
    // Hanja are Korean letters too, kanji without kana Japanese ones: each series' own.
    for (const [name, language] of [
      ["Yi Hyeon (李炫)", "ko"],
      ["Hisame Tōya (灯夜)", "ja"],
      ["Wei Lan (蔚蓝)", "zh"],
      ["Wei Lan (蔚藍)", "zh-Hant"],
    ] as const) {
      const { container, unmount } = renderName(name, language);
      expect(container.querySelector("span[lang]")?.getAttribute("lang")).toBe(language);
      unmount();
    }
  });

  it("says no language of a name whose letters could be another's (a Cyrillic name in a Japanese series), and keeps it whole", () => {
    const { container } = renderName("Ivan Petrov (Иван Петров)", "ja");
    expect(container.textContent).toBe("by Ivan Petrov (Иван Петров)");
    expect(container.querySelector("span[lang]")).toBeNull();
    expect(container.querySelector(".break-keep")?.textContent).toBe("(Иван Петров)");
    const russian = renderName("Ivan Petrov (Иван Петров)", "ru");
    expect(russian.container.querySelector("[lang='ru']")?.textContent).toBe("Иван Петров");
  });

  it("leaves a name without an original, or with English in its brackets, as written", () => {
    const long = `a (${"灯".repeat(20_000)}`;
    for (const name of [
      "Ren Amano",
      "Ren Amano (guest artist)",
      "Kaho Isurugi (cover, 2nd ed.)",
      "(灯夜)",
      "A ()",
      long,
    ]) {
      const { container, unmount } = renderName(name);
      expect(container.textContent).toBe(`by ${name}`);
      expect(container.querySelector("[lang='ja']")).toBeNull();
      unmount();
    }
  });
});
