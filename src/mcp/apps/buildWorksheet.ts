/**
 * Builds the worksheet view (src/ui/worksheet/) into the one HTML document the resource serves:
 * its script bundled by esbuild for the browser and its style sheet, both inline, ASCII only. The
 * build (scripts/build.ts) runs this once and writes the text into the bundle; running the source,
 * worksheetHtml.ts runs it on the first read of the resource. Node only; esbuild is a dev dependency.
 */
import { readFile } from "node:fs/promises"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const view = fileURLToPath(new URL("../../ui/worksheet/", import.meta.url))

/** The largest view the resource may serve (issue 32): a host fetches it before the first result shows. */
export const MAX_VIEW_BYTES = 150 * 1024

const bundled = async (entry: string, loader?: "css"): Promise<string> => {
  const result = await build({
    entryPoints: [`${view}${entry}`],
    bundle: true,
    minify: true,
    write: false,
    // every character outside ASCII escaped: the bundle that carries this text is ASCII only
    charset: "ascii",
    legalComments: "none",
    logLevel: "warning",
    ...(loader === "css" ? {} : { format: "iife", platform: "browser", target: ["chrome111", "firefox113", "safari16.4"] })
  })
  return result.outputFiles[0]!.text.trim()
}

/** The view as one HTML document; refuses to build one that a host could misread or that is too large. */
export const buildWorksheet = async (): Promise<string> => {
  const [template, script, style] = await Promise.all([readFile(`${view}index.html`, "utf8"), bundled("main.ts"), bundled("style.css", "css")])
  // inline text that closed its element early would end the script (or style) there
  if (/<\/script/i.test(script) || /<\/style/i.test(style)) throw new Error("the worksheet's script or style holds a closing tag")
  const html = template.replace("/*STYLE*/", () => style).replace("/*SCRIPT*/", () => script)
  const bytes = Buffer.byteLength(html)
  if (bytes > MAX_VIEW_BYTES) throw new Error(`the worksheet view is ${bytes} bytes; at most ${MAX_VIEW_BYTES}`)
  if (/[^\t\n\r -~]/.test(html)) throw new Error("the worksheet view has a character outside ASCII; escape it in the source")
  return html
}
