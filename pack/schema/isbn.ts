import { z } from "zod";

/*
 * An edition's ISBN: an ISBN-13 (978- or 979-) or an older book's ISBN-10, hyphens where the operator
 * likes, whose check digit agrees with the digits before it, so a mistyped digit is caught at the check.
 */

/** The check digit the digits before it give: 12 digits of an ISBN-13, or 9 of an ISBN-10 ("X" is ten). */
export function isbnCheckDigit(body: string): string {
  const digits = [...body].map(Number);
  if (digits.length === 12) {
    const sum = digits.reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
    return String((10 - (sum % 10)) % 10);
  }
  // ISBN-10: the digits weighted 10 down to 2, and the check digit makes the sum a multiple of 11.
  const sum = digits.reduce((total, digit, index) => total + digit * (10 - index), 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}

/** An ISBN-13 (978 or 979, then ten digits) or an ISBN-10 (nine digits and a digit or X), hyphens anywhere between. */
const isbnForm = /^(?:97[89](?:-?\d){10}|\d(?:-?\d){8}-?[\dX])$/;

export const isbn = z
  .string()
  .regex(isbnForm, {
    error: "must be an ISBN-13 such as 978-1-23456-789-7 or an ISBN-10 such as 1-23456-789-X",
  })
  .check((check) => {
    // Its form was refused above; a check digit is only read where the form holds.
    if (!isbnForm.test(check.value)) return;
    const written = check.value.replace(/-/g, "");
    const expected = isbnCheckDigit(written.slice(0, -1));
    if (written.at(-1) === expected) return;
    const corrected = check.value.slice(0, -1) + expected;
    check.issues.push({
      code: "custom",
      input: check.value,
      message: `${check.value} has the wrong check digit: the digits before it give ${expected} (${corrected}), so one of them or the last is mistyped`,
    });
  });
