import {
  type CrossedBeforeSecret,
  type CrossedReader,
  crossedBeforeSecret,
  crossedReaders,
  crossingReader,
  type UnawareReader,
  unawareReaders,
} from "../app/lib/progress/crossed-readers";
import { readRevealers } from "../app/lib/shield/knowledge";
import {
  comparedWords,
  namePattern,
  namesSecret,
  phraseWords,
  readingsOf,
  revealedBeforeSecret,
  secretPattern,
} from "../app/lib/shield/secrets";
import { trackerUnitsOf } from "./crossings";
import { namedOpenly, namesOf } from "./names";
import type { RevealIn } from "./schema/fields";
import type { ContentPack, PackFileName } from "./schema/files";
import {
  animeMistakeRevealedBy,
  charactersMetBy,
  flaggedTitleRevealedBy,
  lnChapterTitlesRevealedBy,
  lnMistakeRevealedBy,
  revealedByAny,
  revealedByIn,
  recutSceneRevealedBy,
  shortReachedBy,
} from "./reveals";
import type { Report } from "./timeline";
import { lightNovelChapterName, lightNovelChapterOf } from "../app/lib/content/labels";
import {
  animeSpecialKey,
  breakTimeKey,
  chapterKey,
  episodeKey,
  mangaChapterKey,
  recutEpisodeKey,
  volumeKey,
} from "../app/lib/content/units";

/*
 * The spoiler lint: the pack declares its secrets (series.json `secrets`: the words that give each away
 * and where it is revealed), and no text of the pack may name a secret where a reader can see the text
 * without knowing the secret. Texts are checked with what reveals them as the importer stores it, and
 * knowledge as the shield reads it (app/lib/shield/knowledge.ts): a text is safe when every unit that reveals
 * it makes the secret known to whoever consumed it (having read wn:5-20 means having read wn:5-16), and
 * to whoever reaches that unit after crossing from another medium, which may have skipped the chapter or
 * volume that tells the secret (./crossings).
 */

/** One text of the pack, where it is and what reveals it (null: shown to every reader). */
export interface PackText {
  file: PackFileName;
  path: string;
  text: string;
  revealedBy: string | null;
  /** The slug of the character whose profile shows the text: only a reader who has met them sees it. */
  onProfileOf?: string;
}

type RevealersOf = (unitKey: string) => string;

/** Every text the pack shows readers, with what reveals each. Secrets themselves are never shown. */
export function packTexts(
  pack: ContentPack,
  revealersOf: RevealersOf,
  positions: ReadonlyMap<string, number>,
): PackText[] {
  const texts: PackText[] = [];
  const add = (
    file: PackFileName,
    path: string,
    text: string | undefined,
    revealedBy: string | null,
    onProfileOf?: string,
  ) => {
    if (text !== undefined) texts.push({ file, path, text, revealedBy, ...(onProfileOf && { onProfileOf }) });
  };

  const { series } = pack;
  for (const field of ["title", "originalTitle", "synopsis", "author", "illustrator"] as const)
    add("series.json", field, series[field], null);
  // The site's name and description are on every page, its manifest and its link previews.
  for (const field of ["name", "shortName", "description"] as const)
    add("series.json", `site.${field}`, series.site?.[field], null);

  pack.webNovel.arcs.forEach((arc, a) => {
    const path = `arcs[${a}]`;
    // An arc's title (and its original) waits where the pack gates it, else every page names it.
    const titleRevealedBy = revealedByIn(revealersOf, arc.titleRevealIn, arc.titleRevealAt);
    add("web-novel.json", `${path}.title`, arc.title, titleRevealedBy);
    add("web-novel.json", `${path}.originalTitle`, arc.originalTitle, titleRevealedBy);
    add(
      "web-novel.json",
      `${path}.summary`,
      arc.summary,
      revealedByIn(revealersOf, arc.summaryRevealIn, arc.summaryRevealAt),
    );
    // A phase named as one of the arc's chapters waits with that chapter's title (app/models/web-novel.server.ts).
    const titles = new Map(
      arc.chapters.map((chapter) => [
        chapter.title,
        flaggedTitleRevealedBy(chapter, chapterKey(arc.number, chapter.ordinal), revealersOf),
      ]),
    );
    arc.phases.forEach((phase, p) =>
      add("web-novel.json", `${path}.phases[${p}].name`, phase.name, titles.get(phase.name) ?? null),
    );
    arc.chapters.forEach((chapter, c) => {
      const revealedBy = flaggedTitleRevealedBy(chapter, chapterKey(arc.number, chapter.ordinal), revealersOf);
      add("web-novel.json", `${path}.chapters[${c}].title`, chapter.title, revealedBy);
      add("web-novel.json", `${path}.chapters[${c}].originalTitle`, chapter.originalTitle, revealedBy);
      // Where to read it is linked beside the chapter for everyone, its title hidden or not.
      if (chapter.readUrl)
        add("web-novel.json", `${path}.chapters[${c}].readUrl`, addressAsSaid(chapter.readUrl), null);
    });
  });

  pack.lightNovels.collections.forEach((collection, c) => {
    const path = `collections[${c}]`;
    add("light-novels.json", `${path}.name`, collection.name, null);
    add("light-novels.json", `${path}.description`, collection.description, null);
    collection.volumes.forEach((volume, v) => {
      add("light-novels.json", `${path}.volumes[${v}].title`, volume.title, null);
      add("light-novels.json", `${path}.volumes[${v}].originalTitle`, volume.originalTitle, null);
      const chapterTitles = lnChapterTitlesRevealedBy(pack, volume, revealersOf, positions);
      volume.chapters.forEach((chapter, t) =>
        add(
          "light-novels.json",
          `${path}.volumes[${v}].chapters[${t}]`,
          lightNovelChapterName(lightNovelChapterOf(chapter)),
          chapterTitles[t] ?? null,
        ),
      );
      // What a volume changed is gated with the volume.
      const volumeRevealedBy = revealersOf(volumeKey(collection.code, volume.number));
      volume.changes.forEach((change, n) =>
        add("light-novels.json", `${path}.volumes[${v}].changes[${n}].note`, change.note, volumeRevealedBy),
      );
    });
  });

  pack.sideStories.sideStories.forEach((story, s) => {
    const path = `sideStories[${s}]`;
    const revealedBy = revealedByIn(revealersOf, story.revealIn, story.revealAt);
    add("side-stories.json", `${path}.title`, story.title, revealedBy);
    add("side-stories.json", `${path}.originalTitle`, story.originalTitle, revealedBy);
    add("side-stories.json", `${path}.summary`, story.summary, revealedBy);
    add("side-stories.json", `${path}.publishedIn`, story.publishedIn, null);
    // Where it can be found is shown to everyone, as where it was published is.
    story.foundIn?.forEach((place, p) => add("side-stories.json", `${path}.foundIn[${p}].name`, place.name, null));
    // A slug is in every address and anchor of the story, and where to read it is linked, shown to everyone.
    add("side-stories.json", `${path}.slug`, identifierAsSaid(story.slug), null);
    if (story.readUrl) add("side-stories.json", `${path}.readUrl`, addressAsSaid(story.readUrl), null);
    story.foundIn?.forEach(
      (place, p) => place.url && add("side-stories.json", `${path}.foundIn[${p}].url`, addressAsSaid(place.url), null),
    );
  });

  pack.anime.seasons.forEach((season, s) => {
    add("anime.json", `seasons[${s}].title`, season.title, null);
    season.episodes.forEach((episode, e) => {
      const path = `seasons[${s}].episodes[${e}]`;
      // An episode's title is shown to everyone, like a chapter's, unless flagged; what it changed is gated with it.
      const key = episodeKey(season.number, episode.number);
      const titleRevealedBy = flaggedTitleRevealedBy(episode, key, revealersOf);
      add("anime.json", `${path}.title`, episode.title, titleRevealedBy);
      add("anime.json", `${path}.originalTitle`, episode.originalTitle, titleRevealedBy);
      const revealedBy = revealersOf(key);
      episode.changes.forEach((change, c) => add("anime.json", `${path}.changes[${c}].note`, change.note, revealedBy));
    });
    // A part's title is shown as an episode's is, unless the pack gates it where it stops being a spoiler.
    season.parts?.forEach((part, p) =>
      add("anime.json", `seasons[${s}].parts[${p}].title`, part.title, revealedByAny(revealersOf, part.titleRevealAt)),
    );
    // A recut's titles are shown as the season's are; the scenes it adds are gated with their episode (decision 45).
    season.recuts.forEach((recut, r) => {
      const path = `seasons[${s}].recuts[${r}]`;
      add("anime.json", `${path}.title`, recut.title, null);
      add("anime.json", `${path}.originalTitle`, recut.originalTitle, null);
      recut.episodes.forEach((episode, e) => {
        const key = recutEpisodeKey(season.number, recut.number, episode.number);
        const titleRevealedBy = flaggedTitleRevealedBy(episode, key, revealersOf);
        add("anime.json", `${path}.episodes[${e}].title`, episode.title, titleRevealedBy);
        add("anime.json", `${path}.episodes[${e}].originalTitle`, episode.originalTitle, titleRevealedBy);
        episode.newScenes.forEach((scene, n) =>
          add(
            "anime.json",
            `${path}.episodes[${e}].newScenes[${n}].note`,
            scene.note,
            recutSceneRevealedBy(revealersOf, (unit) => positions.get(unit), key, scene.chapters) ?? revealersOf(key),
          ),
        );
      });
    });
  });
  pack.anime.breakTime.forEach((short, b) =>
    add(
      "anime.json",
      `breakTime[${b}].title`,
      short.title,
      short.titleIsSpoiler
        ? shortReachedBy(revealersOf, breakTimeKey(short.season, short.number), short.accompanies)
        : null,
    ),
  );

  pack.anime.specials.forEach((special, index) => {
    const path = `specials[${index}]`;
    // Its title is shown as an episode's is unless flagged; what it tells waits for what reveals it.
    const revealedBy = revealersOf(animeSpecialKey(special.slug));
    const titleRevealedBy = special.titleIsSpoiler ? revealedBy : null;
    add("anime.json", `${path}.title`, special.title, titleRevealedBy);
    add("anime.json", `${path}.originalTitle`, special.originalTitle, titleRevealedBy);
    add("anime.json", `${path}.synopsis`, special.synopsis, revealedBy);
    add("anime.json", `${path}.original`, special.original, revealedBy);
    // A slug is in every address and anchor of the special, shown to everyone.
    add("anime.json", `${path}.slug`, identifierAsSaid(special.slug), null);
  });

  // The manga (decision 49): a chapter's title is shown as a web novel chapter's is unless flagged, a
  // series' flagged title waits for its first chapter, and what a manga-original chapter tells for the chapter.
  pack.manga.series.forEach((series, s) => {
    const path = `series[${s}]`;
    const seriesRevealedBy = series.titleIsSpoiler ? revealersOf(mangaChapterKey(series.code, 1)) : null;
    add("manga.json", `${path}.title`, series.title, seriesRevealedBy);
    add("manga.json", `${path}.originalTitle`, series.originalTitle, seriesRevealedBy);
    // Its credits are on its page for everyone, as the series' author is.
    add("manga.json", `${path}.artist`, series.artist, null);
    add("manga.json", `${path}.publisher`, series.publisher, null);
    series.volumes.forEach((volume, v) => {
      add("manga.json", `${path}.volumes[${v}].title`, volume.title, null);
      volume.chapters.forEach((chapter, c) => {
        const at = `${path}.volumes[${v}].chapters[${c}]`;
        const revealedBy = revealersOf(mangaChapterKey(series.code, chapter.number));
        add("manga.json", `${at}.title`, chapter.title, chapter.titleIsSpoiler ? revealedBy : null);
        add("manga.json", `${at}.original`, chapter.original, revealedBy);
      });
    });
  });

  const metBy = charactersMetBy(pack, revealersOf, positions);
  const names = new Map(pack.characters.characters.map((character) => [character.slug, character.name]));
  pack.characters.characters.forEach((character, index) => {
    const path = `characters[${index}]`;
    // Everything about a character is on their profile (and card and search entry), seen once they are met.
    const onProfile = (field: string, text: string | undefined, revealedBy: string | null = null) =>
      add("characters.json", `${path}.${field}`, text, revealedBy, character.slug);
    // A slug is in every address of the profile and every link to it, which anyone may be sent.
    add("characters.json", `${path}.slug`, wordsOf(character.slug), null);
    // The true name's search entry says whom it names ("Known as The Grey Lantern") to whoever knows it.
    if (character.trueName)
      add(
        "characters.json",
        `${path}.trueName`,
        character.name,
        revealedByIn(revealersOf, character.trueName.revealIn, character.trueName.revealAt),
      );
    onProfile("name", character.name);
    character.mediumNames.forEach((mediumName, n) => {
      const revealedBy = mediumName.revealAt
        ? revealedByIn(revealersOf, mediumName.revealIn, mediumName.revealAt)
        : null;
      onProfile(`mediumNames[${n}].name`, mediumName.name, revealedBy);
      // A name a medium says later has a search entry that says whom it names, to whoever knows it.
      if (revealedBy !== null) add("characters.json", `${path}.mediumNames[${n}]`, character.name, revealedBy);
    });
    onProfile("originalName", character.originalName);
    character.aliases.forEach((alias, a) => onProfile(`aliases[${a}]`, alias));
    character.affiliations.forEach((affiliation, a) => onProfile(`affiliations[${a}]`, affiliation));
    onProfile("summary", character.summary);
    if (character.portrait)
      onProfile(
        "portrait.alt",
        character.portrait.alt,
        revealedByIn(revealersOf, character.portrait.revealIn, character.portrait.revealAt),
      );
    character.facts.forEach((fact, f) => {
      const revealedBy = revealedByIn(revealersOf, fact.revealIn, fact.revealAt);
      onProfile(`facts[${f}].label`, fact.label, revealedBy);
      onProfile(`facts[${f}].value`, fact.value, revealedBy);
    });
    character.relationships.forEach((relationship, r) => {
      // A relationship the pack does not gate is gated with meeting the character it names, as imported.
      const revealedBy = relationship.revealAt
        ? revealedByIn(revealersOf, relationship.revealIn, relationship.revealAt)
        : (metBy.get(relationship.to) ?? null);
      // The profile shows the related character's name beside the description.
      onProfile(`relationships[${r}].to`, names.get(relationship.to), revealedBy);
      onProfile(`relationships[${r}].description`, relationship.description, revealedBy);
    });
  });

  const mistakeTexts = (
    path: string,
    entry: { official: string; suggested: string; explanation: string; japanese?: string },
    revealedBy: string | null,
  ) => {
    for (const field of ["official", "suggested", "explanation", "japanese"] as const)
      add("mistranslations.json", `${path}.${field}`, entry[field], revealedBy);
  };
  pack.mistakes.lightNovel.forEach((entry, index) =>
    mistakeTexts(`lightNovel[${index}]`, entry, lnMistakeRevealedBy(entry, revealersOf)),
  );
  pack.mistakes.anime.forEach((entry, index) =>
    mistakeTexts(`anime[${index}]`, entry, animeMistakeRevealedBy(entry, revealersOf)),
  );
  // An entry's id is its permalink, in feeds and anchors, shown to everyone.
  pack.mistakes.lightNovel.forEach((entry, index) =>
    add("mistranslations.json", `lightNovel[${index}].id`, wordsOf(entry.id), null),
  );
  pack.mistakes.anime.forEach((entry, index) =>
    add("mistranslations.json", `anime[${index}].id`, wordsOf(entry.id), null),
  );
  return texts;
}

/**
 * How to fix an address that names a secret or a character: it cannot be gated, since it is the page's
 * address (a slug) or a link every reader is given (a `readUrl`, a place's `url`).
 */
export function addressAdvice(path: string) {
  if (path.endsWith(".slug"))
    return "; a slug is in every address of its page and every link to it, so make it of what every reader may know";
  if (/\.(readUrl|url)$/.test(path))
    return "; a link is given to every reader, so link an address of the page that does not spell its title (most sites answer one by number alone), or none";
  return "";
}

/** An identifier read as the words it spells: page-one-of-the-ledger → "page one of the ledger". */
const wordsOf = (identifier: string) => identifier.replaceAll("-", " ");

/**
 * An address's words as a reader would take them, names included: a slug or an address writes every
 * word in lower case, where the lints take a name only with its capital ("a wren" is a bird), so each
 * word is read as capitalised, and one ending in s as a possessive too ("sabines-etiquette-lesson" →
 * "Sabines Sabine's Etiquette Lesson"). A common word that is also a name is then taken for the name:
 * an address is cheap to change, a name in it is not taken back.
 */
export function identifierAsSaid(identifier: string) {
  const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return (identifier.match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) =>
      word.length > 3 && word.endsWith("s")
        ? `${capitalised(word)} ${capitalised(word.slice(0, -1))}'s`
        : capitalised(word),
    )
    .join(" ");
}

/** The words of an address past its site (its path, query and fragment), as `identifierAsSaid` reads them. */
export function addressAsSaid(address: string) {
  try {
    const url = new URL(address);
    return identifierAsSaid(decodeURIComponent(`${url.pathname} ${url.search} ${url.hash}`));
  } catch {
    return identifierAsSaid(address);
  }
}

/** What reveals a text or a secret, without the keys that point nowhere (each was reported where it is written). */
export function placedIn(positions: ReadonlyMap<string, number>) {
  return (revealedBy: string | null) =>
    revealedBy &&
    revealedBy
      .split(" ")
      .filter((unit) => positions.has(unit))
      .join(" ");
}

/**
 * The pack's secrets as the lint judges them and the import stores them (for triage to hold readers'
 * reports to), each with every unit that tells it. A secret listed again under its id is the same
 * secret told again elsewhere (a retelling, a recap): whoever met any telling knows it, and any
 * telling's words give it away. A telling at a key that points nowhere was reported where it is
 * written, and is left out; so are the keys of what reveals it that point nowhere.
 */
export function secretsTold(pack: ContentPack, revealersOf: RevealersOf, positions: ReadonlyMap<string, number>) {
  const placed = placedIn(positions);
  const told = new Map<string, { id: string; words: string[]; revealedBy: string }>();
  const tell = (id: string, words: readonly string[], secret: { revealAt: string; revealIn?: RevealIn }) => {
    if (!positions.has(secret.revealAt)) return;
    const revealedBy = placed(revealedByIn(revealersOf, secret.revealIn, secret.revealAt)) ?? "";
    const telling = told.get(id);
    if (!telling) told.set(id, { id, words: [...words], revealedBy });
    else {
      telling.words = [...new Set([...telling.words, ...words])];
      telling.revealedBy = [...new Set(`${telling.revealedBy} ${revealedBy}`.split(" "))].filter(Boolean).join(" ");
    }
  };
  for (const secret of pack.series.secrets) tell(secret.id, secret.words, secret);
  // A character's true name is a secret of its own, told where it is revealed (one the character is
  // openly named by is no secret, and reported as such: pack/resolve/characters.ts).
  for (const character of pack.characters.characters)
    if (character.trueName && !namedOpenly(character, character.trueName.name))
      tell(
        trueNameSecretId(character.trueName.name),
        // As the original writes it too, where a Japanese line or name could say it.
        [
          ...trueNameWords(pack, character, character.trueName.name),
          ...(character.trueName.originalName ? [character.trueName.originalName] : []),
        ],
        character.trueName,
      );
  // So is a name a medium says only later, unless the character is openly named so anyway.
  for (const character of pack.characters.characters)
    for (const mediumName of character.mediumNames)
      if (mediumName.revealAt && !namedOpenly(character, mediumName.name))
        tell(`medium-name-${secretIdOf(mediumName.name)}`, trueNameWords(pack, character, mediumName.name), {
          revealAt: mediumName.revealAt,
          revealIn: mediumName.revealIn,
        });
  return [...told.values()];
}

/**
 * The secret a true name is, as the lint names it in a finding: by the name, so a story told again (a
 * scaled pack's cycles) tells the same secret again, as the series' own secrets are told again by id.
 */
const trueNameSecretId = (trueName: string) => `true-name-${secretIdOf(trueName)}`;

/** A name as a secret's id spells it: "Briony Oakhart" → "briony-oakhart". */
const secretIdOf = (name: string) =>
  name
    .toLocaleLowerCase("en")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");

/**
 * The words that give a true name (or a name a medium says only later) away: the whole name, and each word of it that names a character
 * by itself (pack/names.ts) and names no one else ("Briony" of "Briony Oakhart", not "Oakhart", which
 * is her sister Fen's name too and is said openly wherever Fen is).
 */
function trueNameWords(
  pack: ContentPack,
  character: ContentPack["characters"]["characters"][number],
  trueName: string,
) {
  const lower = (name: string) => name.toLocaleLowerCase("en");
  const namedOtherwise = new Set(
    pack.characters.characters
      .filter((other) => other.slug !== character.slug)
      .flatMap((other) => namesOf(other))
      .concat(namesOf(character))
      .map(lower),
  );
  const [whole = trueName, ...words] = namesOf({ name: trueName, aliases: [] });
  return [whole, ...words.filter((word) => !namedOtherwise.has(lower(word)))];
}

/** The other crossings that show a text early, after the first is named. */
export const otherCrossings = (others: number) =>
  others === 0
    ? ""
    : others === 1
      ? "; so does a reader of 1 other crossing"
      : `; so do readers of ${others} other crossings`;

/**
 * The readers of every crossing the tracker offers over the pack (app/lib/progress/crossed-readers.ts),
 * worked out once, when a text that passes the readers who crossed nothing first needs them.
 */
export function readersWhoCrossed(
  pack: ContentPack,
  revealersOf: RevealersOf,
  positions: ReadonlyMap<string, number>,
): () => readonly CrossedReader[] {
  let readers: CrossedReader[] | undefined;
  return () => (readers ??= crossedReaders(trackerUnitsOf(pack, revealersOf, positions)));
}

/**
 * Reports every text that names a secret where a reader can see it before knowing the secret: a reader
 * who read everything before the text's units, or one who reached them after a media crossing.
 */
export function lintSpoilers(
  pack: ContentPack,
  revealersOf: RevealersOf,
  positions: ReadonlyMap<string, number>,
  report: Report,
  readersWhoCrossed: () => readonly CrossedReader[],
) {
  const placed = placedIn(positions);
  const told = secretsTold(pack, revealersOf, positions).map((secret) => ({
    ...secret,
    named: `the secret "${secret.id}"`,
    unknown: "without knowing the secret",
    flaggedTitle: false,
  }));
  const secrets = [
    ...told,
    ...gatedNames(pack, revealersOf, positions),
    ...flaggedTitles(pack, revealersOf, positions),
  ].map((secret) => {
    let unaware: UnawareReader[] | undefined;
    return {
      ...secret,
      pattern: secretPattern(secret.words),
      /** The crossings' readers who do not know it as they cross, worked out once a text names it. */
      unaware: () => (unaware ??= unawareReaders(readRevealers(secret.revealedBy) ?? [], readersWhoCrossed())),
      /** What crossedBeforeSecret found, by the units that reveal a text (texts often share them). */
      crossed: new Map<string | null, CrossedBeforeSecret | null>(),
    };
  });
  if (!secrets.length) return;
  // A text can name a secret only if it holds every word of one of its phrases: each phrase is looked
  // for only in the texts that hold its longest word, so the lint's time grows with the texts and the
  // secrets, not with their product.
  const byWord = new Map<string, number[]>();
  const triedOnEveryText: number[] = [];
  /** Each secret's phrases as their words: a text holding none of them whole is not matched against it. */
  const phrasesOf = secrets.map((secret) => secret.words.map(phraseWords));
  secrets.forEach((secret, index) => {
    const longest = phrasesOf[index]!.map((words) =>
      words.reduce((long, word) => (word.length > long.length ? word : long), ""),
    );
    for (const word of new Set(longest)) {
      if (word === "") triedOnEveryText.push(index);
      else byWord.set(word, [...(byWord.get(word) ?? []), index]);
    }
  });
  let metBy: Map<string, string | null> | undefined;
  for (const { file, path, text, revealedBy, onProfileOf } of packTexts(pack, revealersOf, positions)) {
    // A flagged title is judged only in prose (a title or name that repeats it is gated as a title is),
    // and only in a text that names none of the secrets, whose finding says it all.
    let namesASecret = false;
    const prose = !namesAUnit.test(path);
    const readings = readingsOf(text);
    const candidates = new Set(triedOnEveryText);
    const words = new Set(readings.flatMap(comparedWords));
    for (const word of words) for (const index of byWord.get(word) ?? []) candidates.add(index);
    // In the secrets' own order: a flagged title is judged after every secret.
    for (const index of [...candidates].sort((a, b) => a - b)) {
      const secret = secrets[index]!;
      if (secret.flaggedTitle && (namesASecret || !prose)) continue;
      if (!phrasesOf[index]!.some((phrase) => phrase.every((word) => words.has(word)))) continue;
      const named = readings.map((reading) => secret.pattern.exec(reading)?.[0]).find((found) => found !== undefined);
      if (named === undefined) continue;
      if (!secret.flaggedTitle) namesASecret = true;
      const finding = `names ${secret.named} ("${named}") before it is revealed`;
      // A profile is shown to those who have met its character, so what it says openly is seen by them
      // (the series' secrets are judged, more strictly, as if every reader saw it).
      const shownBy =
        secret.flaggedTitle && revealedBy === null && onProfileOf !== undefined
          ? ((metBy ??= charactersMetBy(pack, revealersOf, positions)).get(onProfileOf) ?? null)
          : revealedBy;
      const textRevealedBy = placed(shownBy);
      const early = revealedBeforeSecret(readRevealers(textRevealedBy), readRevealers(secret.revealedBy));
      if (early !== null) {
        const who = early === "" ? "every reader sees it" : `a reader who has consumed ${early} sees it`;
        report(file, path, `${finding}: ${who} ${secret.unknown}${addressAdvice(path)}`);
        continue;
      }
      let crossed = secret.crossed.get(textRevealedBy);
      if (crossed === undefined) {
        crossed = crossedBeforeSecret(readRevealers(textRevealedBy), secret.unaware());
        secret.crossed.set(textRevealedBy, crossed);
      }
      if (crossed)
        report(file, path, `${finding}: ${crossingReader(crossed)} ${secret.unknown}${otherCrossings(crossed.others)}`);
    }
  }
}

/**
 * A web novel chapter's title flagged as a spoiler is a secret of its own: a text that repeats it ("The
 * Ostrander Mills" in a character's holdings) tells a reader who has not reached the chapter what the
 * shield hides from them in the chapter list. Told where the title is revealed; a title two chapters
 * share, or that another chapter's title says within it ("Pell's Great Lantern", "Pell's Great Lantern
 * Relit"), is known to whoever reached either, as a secret told again is.
 */
/** The path of a text that is a unit's title or name: a title, a light novel's chapter line, an arc's phase. */
const namesAUnit = /\.(?:title|originalTitle)$|\.volumes\[\d+\]\.chapters\[\d+\]$|\.phases\[\d+\]\.name$/;

function flaggedTitles(pack: ContentPack, revealersOf: RevealersOf, positions: ReadonlyMap<string, number>) {
  const placed = placedIn(positions);
  const titles = new Map<string, { key: string; title: string; revealedBy: Set<string> }>();
  for (const arc of pack.webNovel.arcs)
    for (const chapter of arc.chapters) {
      const key = chapterKey(arc.number, chapter.ordinal);
      const revealedBy = positions.has(key) ? placed(flaggedTitleRevealedBy(chapter, key, revealersOf)) : null;
      if (!revealedBy) continue;
      const lower = chapter.title.toLocaleLowerCase("en");
      const told = titles.get(lower) ?? { key, title: chapter.title, revealedBy: new Set<string>() };
      for (const unit of revealedBy.split(" ")) told.revealedBy.add(unit);
      titles.set(lower, told);
    }
  const told = [...titles.entries()];
  for (const [lower, { revealedBy }] of told)
    for (const [within, longer] of told)
      if (within !== lower && within.includes(lower) && namesSecret(secretPattern([lower]), longer.title) !== null)
        for (const unit of longer.revealedBy) revealedBy.add(unit);
  return [...titles.values()].map(({ key, title, revealedBy }) => ({
    id: `title-of-${key}`,
    words: [title],
    revealedBy: [...revealedBy].join(" "),
    named: `the flagged title of ${key}`,
    unknown: "without having reached the chapter",
    flaggedTitle: true,
  }));
}

/**
 * An arc's title the pack gates (`titleRevealAt`) and a season's episode's flagged title, each with its
 * original, are secrets of their own, judged in every text as a declared secret is: the shield keeps no
 * other text that repeats one (a season's or a manga series' title, a phase, a recut's episode, a chapter
 * title shown to whoever shows titles of what they have not reached, a summary), so such a text tells a
 * reader what the gate hides from them.
 */
function gatedNames(pack: ContentPack, revealersOf: RevealersOf, positions: ReadonlyMap<string, number>) {
  const placed = placedIn(positions);
  const named: {
    id: string;
    words: string[];
    revealedBy: string;
    named: string;
    unknown: string;
    flaggedTitle: false;
  }[] = [];
  // A title that is only a character's name ("Rem") is the character lint's: it judges where the name is seen.
  const lower = (text: string) =>
    text
      .trim()
      .replace(/^the\s+/i, "")
      .toLocaleLowerCase("en");
  const characterNames = new Set(pack.characters.characters.flatMap((character) => namesOf(character)).map(lower));
  const add = (id: string, what: string, titles: (string | undefined)[], revealedBy: string | null) => {
    const at = placed(revealedBy);
    const words = titles.filter(
      (title): title is string => title !== undefined && title.trim() !== "" && !characterNames.has(lower(title)),
    );
    if (at && words.length)
      named.push({ id, words, revealedBy: at, named: what, unknown: "before what reveals it", flaggedTitle: false });
  };
  for (const arc of pack.webNovel.arcs)
    if (arc.titleRevealAt !== undefined)
      add(
        `title-of-arc-${arc.number}`,
        `the gated title of arc ${arc.number}`,
        [arc.title, arc.originalTitle],
        revealedByIn(revealersOf, arc.titleRevealIn, arc.titleRevealAt),
      );
  // A season's episodes and its recuts' episodes, each by its key.
  const episodes = pack.anime.seasons.flatMap((season) => [
    ...season.episodes.map((episode) => ({ episode, key: episodeKey(season.number, episode.number) })),
    ...season.recuts.flatMap((recut) =>
      recut.episodes.map((episode) => ({
        episode,
        key: recutEpisodeKey(season.number, recut.number, episode.number),
      })),
    ),
  ]);
  for (const { episode, key } of episodes)
    if (episode.titleIsSpoiler && positions.has(key))
      add(
        `title-of-${key}`,
        `the flagged title of ${key}`,
        [episode.title, episode.originalTitle],
        flaggedTitleRevealedBy(episode, key, revealersOf),
      );
  return named;
}

/*
 * Titles the lint cannot judge by the secrets: a title that names a character beside a word of ending
 * ("Corvin's Final Entry", "The Ash Warden's Last Watch") tells how that character's story goes to
 * whoever reads the list of titles, whether or not the pack declared a secret for it. Such a title is
 * only warned about (the lint cannot know whether the ending is the character's), unless the pack flags
 * it as a spoiler, which gates it (`titleIsSpoiler`, or a side story's `revealAt`).
 */

/** Words that say something ends: with a character's name in a title, they give away what becomes of them. */
const finality =
  /\b(?:last|final|death|dies|died|dying|farewell|funeral|goodbye|demise|epitaph|requiem|eulogy|end of|fall of|passing of)\b/i;

/**
 * Whether a text is a title the shield may show to a reader who has not reached it: a title not flagged,
 * a light novel's chapter, an arc's phase (shown to everyone).
 */
const isShownTitle = ({ path, revealedBy }: PackText) =>
  revealedBy === null &&
  (/\.title$/.test(path) || /\.volumes\[\d+\]\.chapters\[\d+\]$/.test(path) || /\.phases\[\d+\]\.name$/.test(path));

/**
 * Warns about every title the shield may show before its place (not flagged) that names a character
 * beside a word of ending, with the file, the field, the character and the word.
 */
export function lintTitles(
  pack: ContentPack,
  revealersOf: RevealersOf,
  positions: ReadonlyMap<string, number>,
  warn: Report,
) {
  const characters = pack.characters.characters.map((character) => ({
    name: character.name,
    pattern: namePattern(namesOf(character)),
  }));
  for (const text of packTexts(pack, revealersOf, positions)) {
    if (!isShownTitle(text)) continue;
    const ending = finality.exec(text.text);
    if (!ending) continue;
    const character = characters.find(({ pattern }) => namesSecret(pattern, text.text) !== null);
    if (character)
      warn(
        text.file,
        text.path,
        `"${text.text}" pairs ${character.name} with "${ending[0]}": a reader who shows titles of what they have not reached learns how their story goes; flag the title as a spoiler (titleIsSpoiler) or name it otherwise`,
      );
  }
}
