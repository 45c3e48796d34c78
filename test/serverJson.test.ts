// server.json, the MCP Registry entry, is valid against the registry's current published schema:
// test/data/mcp-registry-server.schema.2025-12-11.json is a byte-for-byte copy of
// https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json (its sha256 is pinned
// below; the registry's CHANGELOG, docs/reference/server-json/CHANGELOG.md in
// modelcontextprotocol/registry, names 2025-12-11 as the latest released version). Moving to a newer
// schema is a deliberate change: replace the file, its name and the pin together.
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { Ajv } from "ajv"
import addFormatsModule from "ajv-formats"
import { describe, expect, it } from "vitest"

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv
const SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
const SCHEMA_SHA256 = "3fba09590c99f61735d234822279f4223fab9e300c0a81e81c91ab62a4114de0"

const schemaBytes = readFileSync(new URL("./data/mcp-registry-server.schema.2025-12-11.json", import.meta.url))
const schema = JSON.parse(schemaBytes.toString("utf8"))
const entry = JSON.parse(readFileSync(new URL("../server.json", import.meta.url), "utf8"))

const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema)
const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`))

describe("server.json, against the MCP Registry's 2025-12-11 schema", () => {
  it("uses the vendored schema as published, and names it", () => {
    expect(createHash("sha256").update(schemaBytes).digest("hex")).toBe(SCHEMA_SHA256)
    expect(schema.$id).toBe(SCHEMA_URL)
    expect(entry.$schema).toBe(SCHEMA_URL)
  })

  it("is valid", () => {
    expect(problems(entry)).toEqual([])
  })

  it("would be refused with a description past the registry's 100 characters, as it once was", () => {
    const tooLong = {
      ...entry,
      description: "Unit-safe arithmetic for AI agents: conversion, dimensional analysis, UCUM, constants and formulas, with structured errors."
    }
    expect(problems(tooLong)).toEqual(["/description must NOT have more than 100 characters"])
  })
})
