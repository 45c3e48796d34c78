// The worksheet view in a real browser (issue 32): a test host built on the MCP Apps extension's
// AppBridge (test/support/worksheetHost.ts) loads the view from the server in headless Chromium,
// feeds it real tool results (a dose chain, a mixed quantity (5 ft 11 in) and one in parts, a
// conversion between compound units, a refusal with two readings, a UCUM lab value, a formula),
// and this checks what a person sees: the result, the struck units, the notes, the readings; that
// the view works by keyboard and reads well (a table with headers, labels, contrast) in the host's
// light and dark themes and in its own defaults, at 320 and 800 px; that changing the target unit
// asks the server's convert through the host; that it loads and connects nothing. Screenshots at
// both widths go to .artifacts/worksheet/ (gitignored). Needs
// Debian's chromium; without it the suite says so in one line and is skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type HostTheme, type WorksheetHost, chromiumMissing, openWorksheetHost, seen } from "../support/worksheetPage.ts"

if (chromiumMissing) console.log(`worksheet view suite skipped: ${chromiumMissing}`)

/** The dose chain of issue 32: 5 mcg/kg/min for 80 kg, 400 mg in 250 mL, as mL/h. */
const doseChain = {
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

/** Waits for what the view draws, as long as a busy machine takes. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })

describe.skipIf(chromiumMissing !== undefined)("the worksheet view in headless Chromium, hosted through AppBridge", { timeout: 180_000 }, () => {
  let host: WorksheetHost
  beforeAll(async () => (host = await openWorksheetHost()), 180_000)
  afterAll(() => host?.close(), 60_000)

  const show = (tool: string, args: Record<string, unknown>, width: number, theme?: HostTheme) => host.show(tool, args, width, theme)
  const shoot = (name: string) => host.shoot(name)

  it("lays out the dose chain: the start, each factor as a fraction, the cancelled units struck, 15 mL/h large", async () => {
    const { shown, frame } = await show("compute", doseChain, 800)
    expect(shown.mimeType).toBe("text/html;profile=mcp-app")
    expect(shown.bytes).toBeLessThan(150 * 1024)
    expect(shown.result.structuredContent).toMatchObject({ quantity: 15, unit: "mL/h" })
    await poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
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
    await host.page.setViewportSize({ width: 320, height: 900 })
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
      await poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
      const widths = await host.inView(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
      expect(widths.scroll, name).toBeLessThanOrEqual(widths.client)
      const colors = await host.inView(() => ({
        scheme: getComputedStyle(document.documentElement).colorScheme,
        background: getComputedStyle(document.body).backgroundColor
      }))
      expect(colors.scheme, name).toBe(theme.theme)
      // the host's own background when it gave one (#262624 dark, #faf9f5 light)
      if (theme.styled) expect(colors.background, name).toBe(theme.theme === "dark" ? "rgb(38, 38, 36)" : "rgb(250, 249, 245)")
      await shoot(name)
    }
  })

  it("shows a mixed quantity (5 ft 11 in) as written, and an answer in parts (ft;in) as the server gave them", async () => {
    const height = await show("convert", { value: [5, 11], from_unit: "ft;in", to_unit: "cm" }, 800)
    await poll(() => seen(height.frame.locator(".figure"))).toEqual(["180.34 cm"])
    expect(await seen(height.frame.locator("h1 .question"))).toEqual(["5 ft 11 in \u2192 cm"])
    expect(await seen(height.frame.locator("td"))).toEqual([
      "5 ft 11 in",
      "5 ft 11 in",
      "The parts taken as one quantity in ft, \u00d7 30.48 cm per ft",
      "180.34 cm"
    ])
    await shoot("mixed-quantity-800-light")
    const parts = await show("convert", { value: 180, from_unit: "cm", to_unit: "ft;in" }, 320)
    await poll(() => seen(parts.frame.locator(".figure"))).toEqual(["5 ft 10.866142 in"])
    expect(await seen(parts.frame.locator(".result .digits").first())).toEqual(["As computed: 5.905511811023622 ft"])
    expect(await seen(parts.frame.locator(".operation"))).toEqual(["In parts, largest first: 5 ft 10.866142 in"])
    expect(await parts.frame.locator(".cancelled s").allInnerTexts()).toEqual(["cm", "cm"])
    await shoot("mixed-quantity-parts-320-light")
  })

  it("shows a conversion between compound units of mixed systems as one factor, the units below the line cancelling those above, and its notes", async () => {
    const args = { value: 4186, from_unit: "J/(kg*degC)", to_unit: "Btu/(lb*degF)" }
    const { frame } = await show("convert", args, 800)
    // rounded to six significant digits, and the value as computed said beside it
    await poll(() => seen(frame.locator(".figure"))).toEqual(["\u2248 0.999809 Btu/(lb*degF)"])
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
    await host.page.setViewportSize({ width: 320, height: 900 })
    await shoot("mixed-320-light")
  })

  it("shows a refusal with its two readings side by side, each with its value, and no result", async () => {
    const { shown, frame } = await show("convert", { value: 1, from_unit: "cwt", to_unit: "kg" }, 800)
    expect(shown.result.isError).toBe(true)
    await poll(() => seen(frame.locator("h1"))).toEqual(["Refused: the units have more than one reading, and they give different answers"])
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
    await host.page.setViewportSize({ width: 320, height: 900 })
    await shoot("refusal-320-light")
  })

  it("shows a UCUM lab value with its powers of ten kept as numbers and the notation said", async () => {
    const { frame } = await show("convert", { value: 7.5, from_unit: "10*3/uL", to_unit: "10*9/L", notation: "ucum" }, 800)
    await poll(() => seen(frame.locator(".figure"))).toEqual(["7.5 10*9/L"])
    expect(await frame.locator(".cancelled s").allInnerTexts()).toEqual(["uL", "uL"])
    expect(await seen(frame.getByRole("region", { name: "Stated relations" }).getByRole("listitem"))).toEqual([
      "Units read as UCUM codes, as lab systems send them."
    ])
    await shoot("ucum-800-light")
  })

  it("says a stated relation in plain words (glucose's molar mass) and a formula's inputs", async () => {
    const glucose = await show("convert", { value: 100, from_unit: "mg/dL", to_unit: "mmol/L", substance: "glucose" }, 800)
    await poll(() => seen(glucose.frame.locator(".figure"))).toEqual(["\u2248 5.55074 mmol/L"])
    expect(await seen(glucose.frame.getByRole("region", { name: "Stated relations" }).getByRole("listitem"))).toEqual([
      "Substance: glucose. Its molar mass relates mass and amount of substance."
    ])
    expect(await seen(glucose.frame.getByRole("region", { name: "Notes" }).getByRole("listitem"))).toEqual([
      expect.stringMatching(/molar mass 180\.156 g\/mol \(glucose/)
    ])
    const bmi = await show("call_formula", { name: "bmi", parameters: { mass: { value: 70, unit: "kg" }, height: { value: 1.75, unit: "m" } } }, 800)
    await poll(() => seen(bmi.frame.locator(".figure"))).toEqual(["\u2248 22.8571 kg/m\u00b2"])
    expect(await seen(bmi.frame.locator("tbody td"))).toEqual(["bmi", "mass = 70 kg", "height = 1.75 m"])
    await shoot("formula-800-light")
  })

  it("converts the result to a unit typed in the field (completed from the catalog) through the host's convert, by keyboard alone", async () => {
    const { frame } = await show("compute", doseChain, 800)
    await frame.locator(".figure").waitFor()
    await host.page.evaluate(() => ((globalThis as unknown as { viewCalls: Array<unknown> }).viewCalls.length = 0))
    // Tab from the copy button reaches the field, then the button
    await frame.getByRole("button", { name: "Copy result" }).focus()
    await host.page.keyboard.press("Tab")
    const field = frame.getByLabel("Show the result in another unit")
    await poll(() => field.evaluate((e) => e === document.activeElement)).toBe(true)
    // focusing the field asked the catalog for the units of the result's dimension
    await poll(() => frame.locator("#target-units option").count()).toBeGreaterThan(3)
    const offered = await frame.locator("#target-units option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    expect(offered).toEqual(expect.arrayContaining(["lpm", "gpm"]))
    await host.page.keyboard.type("mL/min")
    await host.page.keyboard.press("Enter")
    const again = frame.locator(".again")
    await poll(() => seen(again.locator(".figure"))).toEqual(["0.25 mL/min"])
    expect(await seen(again.locator("h2").first())).toEqual(["Conversion 15 mL/h \u2192 mL/min"])
    const calls = await host.page.evaluate(() => (globalThis as unknown as { viewCalls: Array<{ name: string; arguments: unknown }> }).viewCalls)
    expect(calls).toEqual([
      { name: "list_units", arguments: { dimension: "volumetric_flow_rate", limit: 100 } },
      { name: "convert", arguments: { value: 15, from_unit: "mL/h", to_unit: "mL/min" } }
    ])
    // a target the server refuses is shown as the server's refusal
    await field.fill("kg")
    await host.page.keyboard.press("Enter")
    await poll(() => seen(again.locator("h2").first())).toEqual(["Refused: the units measure different things"])
    await shoot("dose-converted-800-light")
  })

  it("copies the result with its unit, at full precision", async () => {
    const { frame } = await show("convert", { value: 30, from_unit: "mpg", to_unit: "L/100km" }, 800)
    await frame.getByRole("button", { name: "Copy result" }).click()
    await poll(() => seen(frame.getByRole("status"))).toEqual(["Copied 7.840486111111111 L/100km"])
    expect(await host.page.evaluate(() => navigator.clipboard.readText())).toBe("7.840486111111111 L/100km")
    // not one factor: the reciprocal, said in words
    expect(await seen(frame.locator(".operation"))).toEqual(["The reciprocal, 1/x: the dimensions are inverses"])
  })

  it("offers no conversion where the host cannot call tools", async () => {
    const { frame } = await show("compute", doseChain, 800, { theme: "light", styled: true, serverTools: false })
    await poll(() => seen(frame.locator(".figure"))).toEqual(["15 mL/h"])
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
      const ratios = await host.inView(() => {
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
    const probe = `${host.origin}/probe`
    const attempts = await host.inView(async (url) => {
      const violated: Array<string> = []
      // the policy's refusals are reported as events: both are awaited, not slept on
      const reported = new Promise<void>((resolve) =>
        document.addEventListener("securitypolicyviolation", (e) => {
          violated.push(e.effectiveDirective)
          if (violated.length === 2) resolve()
        })
      )
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
      await reported
      return { fetched, image, violated: violated.sort() }
    }, probe)
    expect(attempts).toEqual({ fetched: "refused", image: "refused", violated: ["connect-src", "img-src"] })
    expect(host.probed()).toBe(0)
    const elsewhere = host.requests.filter((url) => !url.startsWith(host.origin) && !url.startsWith(host.server.url) && !url.startsWith("about:"))
    expect(elsewhere).toEqual([])
  })
})
