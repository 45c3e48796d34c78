// The worksheet view in a real browser (issue 32): a test host built on the MCP Apps extension's
// AppBridge (test/support/worksheetHost.ts) loads the view from the server in headless Chromium,
// feeds it real tool results (a dose chain, a mixed-unit conversion, a refusal with two readings, a
// UCUM lab value, a formula), and this checks what a person sees: the result, the struck units, the
// notes, the readings; that the view works by keyboard and reads well (a table with headers,
// labels, contrast) in the host's light and dark themes and in its own defaults, at 320 and 800 px;
// that changing the target unit asks the server's convert through the host; that it loads and
// connects nothing. Screenshots at both widths go to .artifacts/worksheet/ (gitignored). Needs
// Debian's chromium; without it the suite says so in one line and is skipped.
import { existsSync, mkdirSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { join } from "node:path"
import { build } from "esbuild"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SpawnedServer, freePort, repoRoot, spawnServer } from "../support/httpServer.ts"

const chromiumPath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p))
const playwright = await import("playwright-core").catch(() => undefined)
const missing = !chromiumPath ? "Chromium is not installed (apt-get install chromium)" : !playwright ? "playwright-core is not installed" : undefined
if (missing) console.log(`worksheet view suite skipped: ${missing}`)

const artifacts = join(repoRoot, ".artifacts", "worksheet")

/** The dose chain of issue 32: 5 mcg/kg/min for 80 kg, 400 mg in 250 mL, as mL/h. */
export const doseChain = {
  initial_value: 5,
  initial_unit: "mcg/kg/min",
  factors: [
    { value: 80, numerator: "kg", denominator: "1" },
    { value: 1, numerator: "mg", denominator: "1000 mcg" },
    { value: 250, numerator: "mL", denominator: "400 mg" },
    { value: 60, numerator: "min", denominator: "h" }
  ],
  expected_unit: "mL/h"
}

type Theme = { readonly theme: "light" | "dark"; readonly styled: boolean; readonly serverTools: boolean }
const light: Theme = { theme: "light", styled: true, serverTools: true }

describe.skipIf(missing !== undefined)("the worksheet view in headless Chromium, hosted through AppBridge", () => {
  let server: SpawnedServer
  let pages: Server
  let origin = ""
  /** Requests that reached the page's server at /probe (the view must never make one). */
  let probed = 0
  let browser: import("playwright-core").Browser
  let page: import("playwright-core").Page
  const requests: Array<string> = []

  beforeAll(async () => {
    server = await spawnServer({ env: { DIMENSIONAL_STORE: "memory" } })
    const bundled = await build({
      entryPoints: [join(repoRoot, "test/support/worksheetHost.ts")],
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent"
    })
    const script = bundled.outputFiles[0]!.text
    pages = createServer((request, response) => {
      if (request.url === "/probe") probed++
      if (request.url === "/host.js") response.writeHead(200, { "content-type": "text/javascript" }).end(script)
      else
        response
          .writeHead(200, { "content-type": "text/html" })
          .end(
            '<!doctype html><html lang="en"><title>Worksheet host</title><style>body{margin:0}iframe{display:block;width:100%;border:0}</style><div id="host"></div><script type="module" src="/host.js"></script>'
          )
    })
    const port = await freePort()
    await new Promise<void>((resolve) => pages.listen(port, "127.0.0.1", resolve))
    origin = `http://localhost:${port}`
    browser = await playwright!.chromium.launch({
      executablePath: chromiumPath!,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]
    })
    const context = await browser.newContext({ viewport: { width: 800, height: 900 } })
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin })
    page = await context.newPage()
    page.on("request", (r) => requests.push(r.url()))
    await page.goto(`${origin}/`)
    await page.waitForFunction(() => typeof (globalThis as { hostConnect?: unknown }).hostConnect === "function")
    await page.evaluate((url) => (globalThis as unknown as { hostConnect: (u: string) => Promise<unknown> }).hostConnect(url), server.url)
    mkdirSync(artifacts, { recursive: true })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => pages?.close(resolve))
    await server?.stop()
  })

  /** Shows `tool`'s view for `args` at `width`; resolves once the view has drawn the result. */
  const show = async (tool: string, args: Record<string, unknown>, width: number, theme: Theme = light) => {
    await page.setViewportSize({ width, height: 900 })
    const shown = await page.evaluate(
      ([tool, args, theme]) =>
        (globalThis as unknown as { hostShow: (t: string, a: unknown, o: unknown) => Promise<Record<string, any>> }).hostShow(tool, args, theme),
      [tool, args, theme] as const
    )
    const frame = page.frameLocator("iframe")
    await frame.locator("h1").waitFor()
    return { shown, frame }
  }

  const shoot = async (name: string) => {
    // the host sizes the frame to the view's height (ui/notifications/size-changed)
    await page.waitForFunction(() => (document.querySelector("iframe")?.getBoundingClientRect().height ?? 0) > 200)
    await page.locator("iframe").screenshot({ path: join(artifacts, `${name}.png`) })
  }

  const frameEval = <A>(fn: () => A): Promise<A> =>
    page
      .frames()
      .find((f) => f !== page.mainFrame())!
      .evaluate(fn)

  /** What a person sees of each match: its text without what only a screen reader hears. */
  const seen = (locator: import("playwright-core").Locator) =>
    locator.evaluateAll((nodes) =>
      nodes.map((n) => {
        const hidden = [...n.querySelectorAll<HTMLElement>(".sr-only")]
        for (const e of hidden) e.style.display = "none"
        // biome-ignore lint/performance/useDomNodeTextContent: what a person sees is the rendered text (cells apart, hidden text left out)
        const text = (n as HTMLElement).innerText.replace(/\s+/g, " ").trim()
        for (const e of hidden) e.style.display = ""
        return text
      })
    )

  it("lays out the dose chain: the start, each factor as a fraction, the cancelled units struck, 15 mL/h large", async () => {
    const { shown, frame } = await show("compute", doseChain, 800)
    expect(shown.mimeType).toBe("text/html;profile=mcp-app")
    expect(shown.bytes).toBeLessThan(150 * 1024)
    expect(shown.result.structuredContent).toMatchObject({ quantity: 15, unit: "mL/h" })
    await expect.poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
    expect(await seen(frame.locator(".result .digits"))).toEqual(["2 significant digits, as computed"])
    const table = frame.getByRole("table", { name: /each line multiplies the one before/ })
    // a header row, the start and four factors
    expect(await table.getByRole("row").count()).toBe(6)
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["Step", "Factor", "Gives"])
    expect(await table.getByRole("rowheader").allInnerTexts()).toEqual(["Start", "1", "2", "3", "4"])
    // struck where written, in the order they stand: the start's mcg, kg, min; then kg; mg and mcg; mg; min
    expect(await frame.locator(".cancelled s").allInnerTexts()).toEqual(["mcg", "kg", "min", "kg", "mg", "mcg", "mg", "min"])
    expect(await frame.locator(".unit:not(.figure .unit)").allInnerTexts()).toEqual(["mL", "h"])
    expect(await seen(frame.locator(".numerator"))).toEqual(["80 kg", "1 mg", "250 mL", "60 min"])
    expect(await seen(frame.locator(".denominator"))).toEqual(["1", "1000 mcg", "400 mg", "h"])
    // each line's value as the server gave it
    expect(await seen(frame.locator("td.gives"))).toEqual(["5 mcg/(kg\u00b7min)", "400 mcg/min", "0.4 mg/min", "0.25 mL/min", "15 mL/h"])
    expect(await seen(frame.locator("h1"))).toEqual(["Factor-label computation 5 mcg/kg/min \u2192 mL/h"])
    // a screen reader hears the fraction and the cancellation
    expect(await frame.locator(".fraction").nth(2).textContent()).toBe("250 mL over 400 mg, cancels,")
    await shoot("dose-800-light")
    await page.setViewportSize({ width: 320, height: 900 })
    await shoot("dose-320-light")
  })

  it("reads at 320 px without scrolling sideways, in the host's dark theme and in its own defaults (and at 560)", async () => {
    for (const [theme, name] of [
      [{ theme: "dark", styled: true, serverTools: true }, "dose-320-dark"],
      [{ theme: "dark", styled: false, serverTools: true }, "dose-320-dark-defaults"],
      [{ theme: "light", styled: false, serverTools: true }, "dose-320-light-defaults"],
      // the README's picture (docs/worksheet-dose.png is a copy)
      [{ theme: "light", styled: false, serverTools: true }, "dose-560-light-defaults"]
    ] as const) {
      const { frame } = await show("compute", doseChain, name.includes("560") ? 560 : 320, theme)
      await expect.poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
      const widths = await frameEval(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
      expect(widths.scroll, name).toBeLessThanOrEqual(widths.client)
      const colors = await frameEval(() => ({
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: getComputedStyle(document.body).backgroundColor
      }))
      expect(colors.scheme, name).toBe(theme.theme)
      // the host's own background when it gave one (#262624 dark, #faf9f5 light)
      if (theme.styled) expect(colors.background, name).toBe(theme.theme === "dark" ? "rgb(38, 38, 36)" : "rgb(250, 249, 245)")
      await shoot(name)
    }
  })

  it("shows a mixed-unit conversion as one factor, the units below the line cancelling those above, and its notes", async () => {
    const args = { value: 4186, from_unit: "J/(kg*degC)", to_unit: "Btu/(lb*degF)" }
    const { frame } = await show("convert", args, 800)
    // rounded to six significant digits, and the value as computed said beside it
    await expect.poll(() => seen(frame.locator(".figure"))).toEqual(["\u2248 0.999809 Btu/(lb*degF)"])
    expect(await seen(frame.locator(".result .digits"))).toEqual([
      "Rounded to 6 significant digits; as computed: 0.999808923282698 Btu/(lb*degF)",
      "UCUM code: [Btu_IT]/[lb_av]/[degF]"
    ])
    // the work's numbers at six significant digits, marked where that rounded them
    expect(await seen(frame.locator(".numerator"))).toEqual(["\u2248 0.000238846 Btu/(lb*degF)"])
    expect(await frame.locator(".numerator .num").getAttribute("title")).toBe("0.00023884589662749594")
    expect(await seen(frame.locator(".denominator"))).toEqual(["1 J/(kg*degC)"])
    expect(await frame.locator(".cancelled s").allInnerTexts()).toEqual(["J", "kg", "degC", "J", "kg", "degC"])
    const notes = await seen(frame.getByRole("region", { name: "Notes" }).getByRole("listitem"))
    expect(notes).toEqual([
      expect.stringMatching(/^Btu read as the International Table Btu/),
      "Degrees inside a compound unit are temperature differences: 1 \u00b0C = 1 K and 1 \u00b0F = 5/9 K there, with no offset."
    ])
    await shoot("mixed-800-light")
    await page.setViewportSize({ width: 320, height: 900 })
    await shoot("mixed-320-light")
  })

  it("shows a refusal with its two readings side by side, each with its value, and no result", async () => {
    const { shown, frame } = await show("convert", { value: 1, from_unit: "cwt", to_unit: "kg" }, 800)
    expect(shown.result.isError).toBe(true)
    await expect.poll(() => seen(frame.locator("h1"))).toEqual(["Refused: the units have more than one reading, and they give different answers"])
    expect(await seen(frame.locator(".asked"))).toEqual(["Asked: 1 cwt \u2192 kg"])
    const readings = frame.getByRole("table", { name: /The readings, side by side/ })
    expect(await readings.getByRole("columnheader").allInnerTexts()).toEqual(["Reading", "Value in kg", "Write it as"])
    expect(await seen(readings.locator("tbody tr"))).toEqual([
      "short hundredweight (US), 100 lb 45.359237 100 lb",
      "long hundredweight (UK), 112 lb 50.80234544 112 lb"
    ])
    // a refusal is never shown as a result, nor offered for conversion
    expect(await frame.locator(".figure").count()).toBe(0)
    expect(await frame.locator("form").count()).toBe(0)
    await shoot("refusal-800-light")
    await page.setViewportSize({ width: 320, height: 900 })
    await shoot("refusal-320-light")
  })

  it("shows a UCUM lab value with its powers of ten kept as numbers and the notation said", async () => {
    const { frame } = await show("convert", { value: 7.5, from_unit: "10*3/uL", to_unit: "10*9/L", notation: "ucum" }, 800)
    await expect.poll(() => seen(frame.locator(".figure"))).toEqual(["7.5 10*9/L"])
    expect(await frame.locator(".cancelled s").allInnerTexts()).toEqual(["uL", "uL"])
    expect(await seen(frame.getByRole("region", { name: "Stated relations" }).getByRole("listitem"))).toEqual([
      "Units read as UCUM codes, as lab systems send them."
    ])
    await shoot("ucum-800-light")
  })

  it("says a stated relation in plain words (glucose's molar mass) and a formula's inputs", async () => {
    const glucose = await show("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucose" }, 800)
    await expect.poll(() => seen(glucose.frame.locator(".figure"))).toEqual(["\u2248 5.55074 mmol/L"])
    expect(await seen(glucose.frame.getByRole("region", { name: "Stated relations" }).getByRole("listitem"))).toEqual([
      "Substance: glucose. Its molar mass relates mass and amount of substance."
    ])
    expect(await seen(glucose.frame.getByRole("region", { name: "Notes" }).getByRole("listitem"))).toEqual([
      expect.stringMatching(/molar mass 180\.156 g\/mol \(glucose/)
    ])
    const bmi = await show("call_formula", { name: "bmi", parameters: { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } } }, 800)
    await expect.poll(() => seen(bmi.frame.locator(".figure"))).toEqual(["\u2248 22.8571 kg/m\u00b2"])
    expect(await seen(bmi.frame.locator("tbody td"))).toEqual(["bmi", "mass = 70 kg", "height = 1.75 m"])
    await shoot("formula-800-light")
  })

  it("converts the result to a unit typed in the field (completed from the catalog) through the host's convert, by keyboard alone", async () => {
    const { frame } = await show("compute", doseChain, 800)
    await frame.locator(".figure").waitFor()
    await page.evaluate(() => ((globalThis as unknown as { viewCalls: Array<unknown> }).viewCalls.length = 0))
    // Tab from the copy button reaches the field, then the button
    await frame.getByRole("button", { name: "Copy result" }).focus()
    await page.keyboard.press("Tab")
    const field = frame.getByLabel("Show the result in another unit")
    await expect.poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true)
    // focusing the field asked the catalog for the units of the result's dimension
    await expect.poll(() => frame.locator("#target-units option").count()).toBeGreaterThan(3)
    const offered = await frame.locator("#target-units option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(offered).toEqual(expect.arrayContaining(["lpm", "gpm"]))
    await page.keyboard.type("mL/min")
    await page.keyboard.press("Enter")
    const again = frame.locator(".again")
    await expect.poll(() => seen(again.locator(".figure"))).toEqual(["0.25 mL/min"])
    expect(await seen(again.locator("h2").first())).toEqual(["Conversion 15 mL/h \u2192 mL/min"])
    const calls = await page.evaluate(() => (globalThis as unknown as { viewCalls: Array<{ name: string; arguments: unknown }> }).viewCalls)
    expect(calls).toEqual([
      { name: "list_units", arguments: { dimension: "volumetric_flow_rate", limit: 100 } },
      { name: "convert", arguments: { value: 15, from_unit: "mL/h", to_unit: "mL/min" } }
    ])
    // a target the server refuses is shown as the server's refusal
    await field.fill("kg")
    await page.keyboard.press("Enter")
    await expect.poll(() => seen(again.locator("h2").first())).toEqual(["Refused: the units measure different things"])
    await shoot("dose-converted-800-light")
  })

  it("copies the result with its unit, at full precision", async () => {
    const { frame } = await show("convert", { value: 30, from_unit: "mpg", to_unit: "L/100km" }, 800)
    await frame.getByRole("button", { name: "Copy result" }).click()
    await expect.poll(() => seen(frame.getByRole("status"))).toEqual(["Copied 7.840486111111111 L/100km"])
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("7.840486111111111 L/100km")
    // not one factor: the reciprocal, said in words
    expect(await seen(frame.locator(".operation"))).toEqual(["The reciprocal, 1/x: the dimensions are inverses"])
  })

  it("offers no conversion where the host cannot call tools", async () => {
    const { frame } = await show("compute", doseChain, 800, { theme: "light", styled: true, serverTools: false })
    await expect.poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
    expect(await frame.locator("form").count()).toBe(0)
  })

  it("keeps text at WCAG AA contrast (4.5:1) in light and dark, with the host's colours and with its own", async () => {
    for (const theme of [
      { theme: "light", styled: true, serverTools: true },
      { theme: "dark", styled: true, serverTools: true },
      { theme: "light", styled: false, serverTools: true },
      { theme: "dark", styled: false, serverTools: true }
    ] as const) {
      const { frame } = await show("compute", doseChain, 800, theme)
      await frame.locator(".figure").waitFor()
      const ratios = await frameEval(() => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
        const luminance = (c: string) => {
          const [r, g, b] = rgb(c)
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
        }
        const background = (e: Element | null): string => {
          for (let at = e; at; at = at.parentElement) {
            const c = getComputedStyle(at).backgroundColor
            if (rgb(c)[3] !== 0 && c !== "transparent") return c
          }
          return "rgb(255, 255, 255)"
        }
        const selectors = [
          "h1 .kind",
          ".figure .number",
          ".result .digits",
          "caption",
          "thead th",
          "tbody th",
          ".cancelled s",
          ".unit",
          "td.gives",
          "label",
          "#target-help",
          "button"
        ]
        return selectors.map((s) => {
          const e = document.querySelector(s)!
          const [a, b] = [luminance(getComputedStyle(e).color), luminance(background(e))]
          return { s, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) }
        })
      })
      for (const { s, ratio } of ratios) expect(ratio, `${theme.theme}${theme.styled ? "" : " (defaults)"}: ${s}`).toBeGreaterThanOrEqual(4.5)
    }
  })

  it("loads nothing and connects nowhere: its CSP refuses a fetch and an image, and the browser saw only the host and the server", async () => {
    await show("compute", doseChain, 800)
    const probe = `${origin}/probe`
    const attempts = await page
      .frames()
      .find((f) => f !== page.mainFrame())!
      .evaluate(async (url) => {
        const violated: Array<string> = []
        document.addEventListener("securitypolicyviolation", (e) => violated.push(e.effectiveDirective))
        const fetched = await fetch(url, { mode: "no-cors" }).then(
          () => "fetched",
          () => "refused"
        )
        const image = await new Promise<string>((resolve) => {
          const img = new Image()
          img.onload = () => resolve("loaded")
          img.onerror = () => resolve("refused")
          img.src = url
        })
        // the violation events are dispatched after the refusals
        await new Promise((resolve) => setTimeout(resolve, 50))
        return { fetched, image, violated: violated.sort() }
      }, probe)
    expect(attempts).toEqual({ fetched: "refused", image: "refused", violated: ["connect-src", "img-src"] })
    expect(probed).toBe(0)
    const elsewhere = requests.filter((url) => !url.startsWith(origin) && !url.startsWith(server.url) && !url.startsWith("about:"))
    expect(elsewhere).toEqual([])
  })
})
