import { CsvError, parse } from "csv-parse/sync";

/** One row of a CSV file and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A file that is not CSV at all (an unclosed quote, a stray one), with the line it happened on. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const lineBreaks = /\r\n|\r|\n/g;

/**
 * Parses CSV text (RFC 4180: quoted fields, doubled quotes, a leading byte-order mark) into its
 * non-empty rows, each with the line of the file it starts on, so messages can send a person to it.
 */
export function parseCsv(text: string): CsvRecord[] {
  // The parser counts "\r" and "\n" as one line each inside quoted fields, so with every line break
  // written "\n" its line numbers are the file's (a break inside a quoted field reads as "\n").
  const normalised = text.replace(lineBreaks, "\n");
  const records: CsvRecord[] = [];
  let lastLine = 0;
  try {
    parse(normalised, {
      bom: true,
      record_delimiter: "\n",
      relax_column_count: true,
      skip_empty_lines: true,
      // `lines` is where the row ends; a quoted field spanning lines started that many lines earlier.
      on_record: (fields: string[], { lines }) => {
        const spanned = fields.reduce((count, field) => count + (field.match(lineBreaks)?.length ?? 0), 0);
        records.push({ line: lines - spanned, fields });
        lastLine = lines;
        return fields;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === "CSV_QUOTE_NOT_CLOSED") {
      // The parser names the file's last line; the quote opened in the row after the last good one.
      const lines = normalised.split("\n");
      let start = lastLine + 1;
      while (start < lines.length && lines[start - 1] === "") start++;
      throw new CsvSyntaxError(start, "a quoted field that starts in this row is never closed");
    }
    throw new CsvSyntaxError(Number(error.lines) || 1, error.message);
  }
  return records;
}
