/**
 * Checks answers against the API's own OpenAPI document, in Node: the document against the OpenAPI
 * 3.1 schema (@seriousme/openapi-schema-validator), and each answer's body against the schema the
 * document gives for its path, method and status (ajv, JSON Schema draft 2020-12, the dialect of
 * OpenAPI 3.1 schemas). ajv compiles schemas with `new Function`, so this never runs in workerd.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;

const schemasId = "https://contract.test/schemas";

/** Problems the OpenAPI 3.1 schema finds in the document; empty when it is a valid one. */
export async function documentProblems(document: Record<string, unknown>): Promise<unknown[]> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  if (validator.version !== "3.1") return [`Expected an OpenAPI 3.1 document, got ${String(validator.version)}`];
  return result.valid ? [] : [result.errors].flat();
}

/** A checker of answers against the document: `problems(path, status, body)` lists what does not match it. */
export function contractOf(document: Json) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats.default(ajv);
  const components = document.components as { schemas: Json; responses: Record<string, Json> };
  // The document's schemas under one id, so their own `#/components/schemas/…` references resolve.
  const pointingTo = (schema: unknown, base: string) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${base}#/$defs/`)) as Json;
  ajv.addSchema({ $id: schemasId, $defs: pointingTo(components.schemas, "") });
  const localized = (schema: unknown) => pointingTo(schema, schemasId);
  const resolve = (value: Json): Json => {
    const ref = value.$ref;
    return typeof ref === "string" ? resolve(components.responses[ref.replace("#/components/responses/", "")]!) : value;
  };

  /** The template in the document that a concrete path matches (`/units/wn:1-1` is `/units/{key}`). */
  function operationOf(path: string) {
    const paths = document.paths as Record<string, { get: { responses: Record<string, Json> } }>;
    const template = Object.keys(paths).find((each) =>
      new RegExp(`^${each.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path),
    );
    return template ? { template, operation: paths[template]!.get } : null;
  }

  return {
    /** What is wrong with this answer for the document; empty when it matches. */
    problems(path: string, status: number, body: unknown): string[] {
      const found = operationOf(path);
      if (!found) return [`The document has no path for ${path}`];
      const declared =
        found.operation.responses[String(status)] ?? (status >= 400 ? found.operation.responses.default : undefined);
      if (!declared) return [`The document gives ${found.template} no ${status} answer`];
      const response = resolve(declared);
      const content = response.content as Record<string, { schema: unknown }> | undefined;
      if (!content) return body === null || body === "" ? [] : [`${found.template} ${status} should have no body`];
      const validate = ajv.compile(localized(content["application/json"]!.schema));
      return validate(body)
        ? []
        : (validate.errors ?? []).map(
            (error) => `${found.template} ${status}: ${error.instancePath || "/"} ${error.message ?? ""}`,
          );
    },
    /** What is wrong with an error body for the document's Error schema. */
    errorProblems(body: unknown): string[] {
      const validate = ajv.getSchema(`${schemasId}#/$defs/Error`)!;
      return validate(body)
        ? []
        : (validate.errors ?? []).map((error) => `Error: ${error.instancePath || "/"} ${error.message ?? ""}`);
    },
  };
}
